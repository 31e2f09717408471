import { formatCoins, formatNumber } from '@openstake/core';
import type { IssueDetail } from '@openstake/core';
import {
  ArrowLeft,
  BookOpen,
  Calendar,
  Clock,
  Coins,
  ExternalLink as ExternalLinkIcon,
  MessageSquare,
  Star,
  Zap,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { ExternalLink } from '@/components/external-link';
import { PageLoading } from '@/components/page-loading';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { parseIssueId, useIssueDetails } from '@/features/issues/api/issue-details';
import { DifficultyBadge } from '@/features/issues/components/difficulty-badge';
import { IssueLabelBadge } from '@/features/issues/components/issue-label-badge';
import { IssueMarkdown } from '@/features/issues/components/issue-markdown';
import { IssueNotFound } from '@/features/issues/components/issue-not-found';
import { RepositoryLanguage } from '@/features/issues/components/repository-language';
import { mergeXpExplanation, mergeXpText } from '@/features/issues/lib/merge-xp';
import { issueStakeLine } from '@/features/issues/lib/stake-price';
import { useIssueLoadFailure } from '@/features/issues/hooks/use-issue-load-failure';
import { IssueStakePanel } from '@/features/stakes/components/issue-stake-panel';
import { StakeDialog } from '@/features/stakes/components/stake-dialog';
import { issueStakeState } from '@/features/stakes/lib/issue-stake';
import { commentsText } from '@/lib/github-pages';
import { usePreloadMarkdown } from '@/features/issues/hooks/use-markdown';

const DASHBOARD = '/contributor/dashboard';

/** /contributor/issue/:issueId: the issue, what it pays, and the stake dialog. */
export function IssueDetailPage() {
  const params = useParams();
  const issueId = parseIssueId(params.issueId);
  const details = useIssueDetails(issueId);
  usePreloadMarkdown();
  const { notFound } = useIssueLoadFailure(details);

  if (issueId === null || notFound) return <IssueNotFound />;
  if (details.data) {
    return <IssueView issue={details.data.issue} />;
  }
  return <PageLoading label="Loading issue details..." />;
}

function IssueView({ issue }: { issue: IssueDetail }) {
  const [stakeOpen, setStakeOpen] = useState(false);
  const isClosed = issue.state === 'closed';
  const staking = issueStakeState(issue);
  const issueStake = issueStakeLine(issue);

  return (
    <div className="grid grid-cols-1 gap-6">
      <nav aria-label="Issue" className="flex flex-wrap items-center justify-between gap-2">
        <Link to={DASHBOARD} className={buttonVariants({ variant: 'ghost', className: '-ml-3' })}>
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
        <ExternalLink href={issue.htmlUrl} className={buttonVariants({ variant: 'outline' })}>
          <ExternalLinkIcon aria-hidden="true" />
          View on GitHub
        </ExternalLink>
      </nav>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-span-2">
          <Card>
            <CardHeader className="gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">#{issue.number}</Badge>
                <DifficultyBadge difficulty={issue.difficulty} />
                {isClosed && <Badge variant="destructive">Closed</Badge>}
                {issue.labels.map((label) => (
                  <IssueLabelBadge key={label.name} name={label.name} color={label.color} />
                ))}
              </div>
              <h1 className="text-2xl font-bold tracking-tight break-words">{issue.title}</h1>
              <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <span>
                  Opened by <span className="font-medium text-foreground">{issue.user.login}</span>
                </span>
                <span className="inline-flex items-center gap-1">
                  <Calendar aria-hidden="true" className="size-4" />
                  <time dateTime={issue.createdAt}>{formatDate(issue.createdAt)}</time>
                </span>
                <span className="inline-flex items-center gap-1">
                  <MessageSquare aria-hidden="true" className="size-4" />
                  {commentsText(issue.commentsCount)}
                </span>
              </p>
            </CardHeader>
            <CardContent>
              <IssueMarkdown body={issue.body} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Repository Information</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <p className="font-semibold wrap-anywhere">{issue.repository.fullName}</p>
              <p className="text-sm break-words text-muted-foreground">
                {issue.repository.description?.trim()
                  ? issue.repository.description
                  : 'No description available.'}
              </p>
              <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                {issue.repository.language && (
                  <RepositoryLanguage language={issue.repository.language} />
                )}
                <span className="inline-flex items-center gap-1">
                  <Star aria-hidden="true" className="size-4" />
                  {formatNumber(issue.repository.stargazersCount)}
                  <span className="sr-only"> stars</span>
                </span>
              </p>
              <ExternalLink
                href={issue.repository.htmlUrl}
                className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}
              >
                <ExternalLinkIcon aria-hidden="true" />
                View Repository
              </ExternalLink>
            </CardContent>
          </Card>
        </div>

        <aside
          className="grid min-w-0 grid-cols-1 content-start gap-6"
          aria-label="Bounty and stats"
        >
          <Card>
            <CardHeader>
              <CardTitle>Bounty Details</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <dl className="grid gap-3 text-sm" data-testid="bounty-details">
                <Detail icon={<Coins className="size-4 text-amber-600" />} label="Coins Reward">
                  {issue.bounty > 0 ? formatCoins(issue.bounty) : 'No bounty'}
                </Detail>
                <Detail icon={<Zap className="size-4 text-primary" />} label="XP Points">
                  {mergeXpText(issue.xpReward)}
                </Detail>
                <Detail
                  icon={<Clock className="size-4 text-muted-foreground" />}
                  label="Estimated Hours"
                >
                  {issue.estimatedHours} {issue.estimatedHours === 1 ? 'hour' : 'hours'}
                </Detail>
                {/* The contributor's own price, priced by their standing, and why (decision 015). */}
                <div className="grid gap-1" data-testid="stake-price">
                  <dt className="flex items-center gap-2 text-muted-foreground">
                    <span aria-hidden="true">
                      <Coins className="size-4 text-muted-foreground" />
                    </span>
                    Your Stake
                  </dt>
                  <dd className="font-semibold break-words">{issue.stakePrice.text}</dd>
                  {issueStake && <dd className="text-xs text-muted-foreground">{issueStake}</dd>}
                </div>
              </dl>
              <p className="text-xs text-muted-foreground" data-testid="merge-xp-note">
                {mergeXpExplanation(issue.xpReward)}
              </p>
              <p className="rounded-md bg-success/10 p-3 text-xs text-success">
                Your stake is returned if your pull request is merged.
              </p>
              {issue.myStake && <IssueStakePanel stake={issue.myStake} />}
              {staking.showStakeButton && (
                <Button
                  size="lg"
                  className="w-full"
                  disabled={!staking.canStake}
                  aria-describedby={staking.note ? 'stake-note' : undefined}
                  onClick={() => {
                    setStakeOpen(true);
                  }}
                >
                  <Coins aria-hidden="true" />
                  Stake &amp; Start Working
                </Button>
              )}
              {staking.note && (
                <p
                  id="stake-note"
                  className={cn(
                    'text-center text-sm',
                    staking.canStake ? 'text-muted-foreground' : 'text-destructive',
                  )}
                >
                  {staking.note}
                </p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Quick Stats</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <Detail label="Difficulty">
                  <span className="capitalize">{issue.difficulty}</span>
                </Detail>
                <Detail label="Comments">{issue.commentsCount}</Detail>
                <Detail label="Updated">
                  <time dateTime={issue.updatedAt}>{formatDate(issue.updatedAt)}</time>
                </Detail>
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Need Help?</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <p className="text-sm text-muted-foreground">
                New to contributing? Read the project&apos;s guidelines before you open a pull
                request.
              </p>
              {/* The guide does not exist yet; the button says so instead of failing silently. */}
              <Button variant="outline" disabled aria-describedby="contribution-guide-note">
                <BookOpen aria-hidden="true" />
                Contribution Guide
              </Button>
              <p id="contribution-guide-note" className="text-xs text-muted-foreground">
                The contribution guide is coming soon.
              </p>
            </CardContent>
          </Card>
        </aside>
      </div>

      {staking.canStake && (
        <StakeDialog issue={issue} open={stakeOpen} onOpenChange={setStakeOpen} />
      )}
    </div>
  );
}

function Detail({
  icon,
  label,
  children,
}: {
  icon?: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="flex items-center gap-2 text-muted-foreground">
        {icon && <span aria-hidden="true">{icon}</span>}
        {label}
      </dt>
      <dd className="text-right font-semibold tabular-nums">{children}</dd>
    </div>
  );
}
