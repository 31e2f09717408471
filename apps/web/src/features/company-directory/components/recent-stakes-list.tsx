import { formatNumber } from '@openstake/core';
import type { DirectoryStake } from '@openstake/core';

import { Badge } from '../../../components/ui/badge';

const STATUS: Readonly<
  Record<
    DirectoryStake['status'],
    { label: string; variant: 'warning' | 'success' | 'destructive' | 'secondary' }
  >
> = {
  pending: { label: 'Pending', variant: 'warning' },
  accepted: { label: 'Accepted', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  expired: { label: 'Expired', variant: 'secondary' },
};

/** The contributor's latest stakes: what they staked on and what it earned. */
export function RecentStakesList({ stakes }: { stakes: readonly DirectoryStake[] }) {
  if (stakes.length === 0) {
    return <p className="text-sm text-muted-foreground">No stakes yet.</p>;
  }
  return (
    <ul className="grid gap-2" aria-label="Recent stakes">
      {stakes.map((stake) => {
        const status = STATUS[stake.status];
        return (
          <li
            key={stake.id}
            className="grid gap-1 rounded-lg border px-3 py-2 text-sm"
            data-testid="recent-stake"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <span className="min-w-0 font-medium break-words">{stake.issueTitle}</span>
              <Badge variant={status.variant}>{status.label}</Badge>
            </div>
            <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
              <span className="wrap-anywhere">{stake.repository}</span>
              <span>Staked {formatNumber(stake.amount)} coins</span>
              {stake.status === 'accepted' && (
                <span className="font-medium text-success-text">
                  +{formatNumber(stake.coinsEarned)} coins · +{formatNumber(stake.xpEarned)} XP
                </span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
