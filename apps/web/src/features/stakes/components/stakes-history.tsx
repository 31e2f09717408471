import type { Stake } from '@openstake/core';
import { History } from 'lucide-react';
import type { ReactNode } from 'react';

import { EmptyState } from '@/components/empty-state';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { signedFigure, stakeHistoryRow, stakeOutcome } from '../lib/stake-display';
import { StakeStatusBadge } from './stake-status-badge';

const figureTone = (value: number | null) =>
  value === null || value === 0
    ? 'text-muted-foreground'
    : value > 0
      ? 'text-success'
      : 'text-destructive';

/**
 * The profile's Stakes History: one card per stake whose figures reflow from two columns on a
 * phone to four on a wide screen, so nothing scrolls sideways.
 */
export function StakesHistory({ stakes }: { stakes: readonly Stake[] }) {
  if (stakes.length === 0) {
    return (
      <EmptyState
        icon={History}
        title="No stakes yet"
        description="Stakes you make on issues show here with what they earned."
        className="py-8"
      />
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Stakes history">
      {stakes.map((stake) => {
        const row = stakeHistoryRow(stake);
        const outcome = stakeOutcome(stake);
        return (
          <li key={stake._id} className="grid gap-3 rounded-lg border p-4">
            <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
              <div className="grid min-w-0 gap-0.5">
                <p className="font-medium break-words">
                  #{stake.issueNumber} {stake.issueTitle}
                </p>
                <p className="text-sm wrap-anywhere text-muted-foreground">
                  {row.owner ? `${row.owner}/` : ''}
                  {row.repository}
                </p>
              </div>
              <StakeStatusBadge stake={stake} />
            </div>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <Figure label="Coins Staked">{row.coinsStaked}</Figure>
              <Figure label="Coins Gained" className={figureTone(row.coinsGained)}>
                {signedFigure(row.coinsGained)}
              </Figure>
              <Figure label="XP Gained" className={figureTone(row.xpGained)}>
                {signedFigure(row.xpGained)}
              </Figure>
              <Figure label="Closed">
                {row.closedAt ? (
                  <time dateTime={row.closedAt}>{formatDate(row.closedAt)}</time>
                ) : (
                  '—'
                )}
              </Figure>
            </dl>
            {(stake.status === 'rejected' || stake.status === 'expired') && (
              <p className="text-sm text-muted-foreground" data-testid="stake-outcome">
                {[outcome.primary, outcome.secondary].filter(Boolean).join(' · ')}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Figure({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', className)}>{children}</dd>
    </div>
  );
}
