import { formatNumber, stakeOutcomeText, type StakeTone } from '@openstake/core';
import type { DirectoryStake } from '@openstake/core';

import { Badge } from '@/components/ui/badge';

const STATUS_LABELS: Readonly<Record<DirectoryStake['status'], string>> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
};

// The badge's colour follows what the stake came to: a refund in full is no loss, so not red.
const TONES: Readonly<
  Record<StakeTone, { variant: 'warning' | 'success' | 'destructive' | 'secondary'; text: string }>
> = {
  pending: { variant: 'warning', text: '' },
  positive: { variant: 'success', text: 'font-medium text-success-text' },
  negative: { variant: 'destructive', text: 'font-medium text-destructive' },
  neutral: { variant: 'secondary', text: '' },
};

/** The contributor's latest stakes: what they staked on and what it came to. */
export function RecentStakesList({ stakes }: { stakes: readonly DirectoryStake[] }) {
  if (stakes.length === 0) {
    return <p className="text-sm text-muted-foreground">No stakes yet.</p>;
  }
  return (
    <ul className="grid gap-2" aria-label="Recent stakes">
      {stakes.map((stake) => {
        const outcome = stakeOutcomeText(stake);
        const tone = TONES[outcome.tone];
        return (
          <li
            key={stake.id}
            className="grid gap-1 rounded-lg border px-3 py-2 text-sm"
            data-testid="recent-stake"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <span className="min-w-0 font-medium break-words">{stake.issueTitle}</span>
              <Badge variant={tone.variant}>{STATUS_LABELS[stake.status]}</Badge>
            </div>
            <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
              <span className="wrap-anywhere">{stake.repository}</span>
              <span>Staked {formatNumber(stake.amount)} coins</span>
              {stake.status !== 'pending' && (
                <span className={tone.text}>
                  {[outcome.primary, outcome.secondary].filter(Boolean).join(' · ')}
                </span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
