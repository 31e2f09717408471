import type { Stake } from '@openstake/core';

import { formatDate } from '@/lib/format-date';
import { PullRequestLink, StakeOutcomeFigures } from './stake-outcome';
import { StakeStatusBadge } from './stake-status-badge';

/** The dashboard's My Stakes rows, newest first as the server sends them. */
export function StakeList({ stakes }: { stakes: readonly Stake[] }) {
  return (
    <ul className="grid gap-3" aria-label="My stakes">
      {stakes.map((stake) => (
        <li
          key={stake._id}
          data-testid="stake-row"
          className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <StakeStatusBadge stake={stake} />
              <span className="font-semibold">Issue #{stake.issueNumber}</span>
            </div>
            <p className="font-medium break-words">{stake.issueTitle}</p>
            <p className="text-sm wrap-anywhere text-muted-foreground">{stake.repository}</p>
            <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span>Staked: {stake.amount} coins</span>
              <span>
                <time dateTime={stake.createdAt}>{formatDate(stake.createdAt)}</time>
              </span>
            </p>
            <PullRequestLink href={stake.prUrl} />
          </div>
          <StakeOutcomeFigures stake={stake} className="shrink-0 text-left sm:text-right" />
        </li>
      ))}
    </ul>
  );
}
