import { Check, CircleDollarSign, Clock, Copy, Gift, Share2, UserPlus, Users } from 'lucide-react';
import { useId, useMemo } from 'react';
import { toast } from 'sonner';

import { StatCard } from '@/components/stat-card';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { SampleDataNotice } from '@/features/maintainer-shell/components/sample-data-notice';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import {
  formatDollars,
  MINIMUM_PAYOUT_DOLLARS,
  referralLink,
  REWARD_TIERS,
  SAMPLE_REFERRAL_CODE,
  SAMPLE_REFERRALS,
  SAMPLE_STATS,
  tierFor,
  tierLabel,
  totalReward,
  type ReferralStatus,
} from './referrals/referral-program';

const STATUS_VARIANT: Record<ReferralStatus, 'success' | 'warning' | 'secondary'> = {
  Converted: 'success',
  Pending: 'warning',
  'Signed Up': 'secondary',
};

function currentOrigin(): string {
  return typeof location === 'undefined' ? '' : location.origin;
}

/** A read-only value with a copy button (the referral code and link). */
function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const { copied, copy } = useCopyToClipboard();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} value={value} readOnly className="font-mono text-sm" />
        <Button
          variant="outline"
          size="icon"
          className="size-10"
          aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
          onClick={() => {
            void copy(value).then((ok) => {
              if (ok) toast.success(`${label} copied!`);
              else toast.error(`Failed to copy ${label.toLowerCase()}`, { richColors: true });
            });
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}

const HOW_IT_WORKS = [
  {
    icon: Share2,
    title: 'Share your link',
    text: 'Send your referral link to maintainers, organizations and recruiters.',
  },
  {
    icon: UserPlus,
    title: 'They sign up',
    text: 'They create an OpenStake account through your link.',
  },
  {
    icon: CircleDollarSign,
    title: 'They subscribe',
    text: 'The referral converts when their first paid month starts (maintainers get one month free).',
  },
  {
    icon: Gift,
    title: 'You earn',
    text: `Each converted referral pays the rate of its tier, paid out monthly once you reach ${formatDollars(MINIMUM_PAYOUT_DOLLARS)}.`,
  },
] as const;

/** /maintainer/referrals: a static page with sample figures; no calls. */
export function ReferralsPage() {
  const link = useMemo(() => referralLink(currentOrigin(), SAMPLE_REFERRAL_CODE), []);
  const currentTier = tierFor(SAMPLE_STATS.converted);
  const earned = totalReward(SAMPLE_STATS.converted);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Refer and Earn"
        titleClassName="sm:text-3xl"
        description="Invite other maintainers, organizations and recruiters to OpenStake and earn a reward for each one who subscribes."
      />

      <SampleDataNotice>
        The referral program is not live yet. The figures, code and history below are examples
        showing how it will work; no rewards are paid yet.
      </SampleDataNotice>

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Referrals" value={SAMPLE_STATS.total} icon={Users} />
        <StatCard
          label="Converted"
          value={SAMPLE_STATS.converted}
          icon={Check}
          tint="bg-success/15 text-success"
        />
        <StatCard
          label="Pending"
          value={SAMPLE_STATS.pending}
          icon={Clock}
          tint="bg-warning/15 text-warning"
        />
        <StatCard label="Total Earned" value={formatDollars(earned)} icon={CircleDollarSign} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Your referral link</CardTitle>
            <CardDescription>Share it anywhere; sign-ups through it count for you.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <CopyField label="Referral code" value={SAMPLE_REFERRAL_CODE} />
            <CopyField label="Referral link" value={link} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Reward tiers</CardTitle>
            <CardDescription>
              Minimum payout {formatDollars(MINIMUM_PAYOUT_DOLLARS)}, paid monthly.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ul className="grid gap-2">
              {REWARD_TIERS.map((tier) => {
                const current = tier === currentTier;
                return (
                  <li
                    key={tier.from}
                    className={cn(
                      'flex items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm',
                      current && 'border-primary bg-primary/5',
                    )}
                  >
                    <span className="flex items-center gap-2">
                      {tierLabel(tier)}
                      {current && <Badge>Current tier</Badge>}
                    </span>
                    <span className="font-semibold">{formatDollars(tier.reward)} per referral</span>
                  </li>
                );
              })}
            </ul>
            <div className="grid gap-2">
              <div className="flex items-center justify-between text-sm">
                <span id="referral-progress-label">Progress</span>
                <span className="font-medium tabular-nums">
                  {SAMPLE_STATS.converted} of {SAMPLE_STATS.progressGoal}
                </span>
              </div>
              <Progress
                aria-labelledby="referral-progress-label"
                value={(SAMPLE_STATS.converted / SAMPLE_STATS.progressGoal) * 100}
              />
              <p className="text-xs text-muted-foreground">
                Past {SAMPLE_STATS.progressGoal} referrals, every new referral pays{' '}
                {formatDollars(REWARD_TIERS[REWARD_TIERS.length - 1]?.reward ?? 0)}.
              </p>
            </div>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>How it works</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {HOW_IT_WORKS.map((step, index) => {
              const Icon = step.icon;
              return (
                <li key={step.title} className="grid content-start gap-2">
                  <span className="flex items-center gap-2 font-medium">
                    <span
                      aria-hidden="true"
                      className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-primary"
                    >
                      <Icon className="size-4" />
                    </span>
                    <span>
                      <span className="sr-only">Step {index + 1}: </span>
                      {step.title}
                    </span>
                  </span>
                  <p className="text-sm text-muted-foreground">{step.text}</p>
                </li>
              );
            })}
          </ol>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Referral history</CardTitle>
          <CardDescription>Recent referrals (sample).</CardDescription>
        </CardHeader>
        <CardContent>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Signed up</TableHead>
                <TableHead>Plan</TableHead>
                <TableHead className="text-right">Reward</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {SAMPLE_REFERRALS.map((entry) => (
                <TableRow key={entry.email}>
                  <TableCell className="font-medium">{entry.email}</TableCell>
                  <TableCell>
                    <Badge variant={STATUS_VARIANT[entry.status]}>{entry.status}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatDate(entry.signupDate, 'UTC')}
                  </TableCell>
                  <TableCell>{entry.plan}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {entry.reward > 0 ? formatDollars(entry.reward) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Terms</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
            <li>Self-referrals are not allowed.</li>
            <li>A referral converts when the referred account starts its first paid month.</li>
            <li>
              Rewards are paid monthly once your balance reaches{' '}
              {formatDollars(MINIMUM_PAYOUT_DOLLARS)}.
            </li>
            <li>Your tier depends on your total number of converted referrals.</li>
            <li>Duplicate or fraudulent sign-ups do not earn rewards.</li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
