import type { IssueStake } from '@openstake/core';

import { formatDate } from '@/lib/format-date';
import { ISSUE_STAKE_TITLES } from '../lib/issue-stake';
import { PullRequestLink, StakeOutcomeFigures } from './stake-outcome';
import { StakeStatusBadge } from './stake-status-badge';

/**
 * The viewer's own latest stake on the issue page: its state, the pull request, and once settled
 * what it earned or lost (the same figures as My Stakes).
 */
export function IssueStakePanel({ stake }: { stake: IssueStake }) {
  return (
    <section
      aria-label="Your stake"
      data-testid="my-stake"
      className="grid gap-2 rounded-lg border bg-muted/40 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold">{ISSUE_STAKE_TITLES[stake.status]}</p>
        <StakeStatusBadge stake={stake} />
      </div>
      <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
        <span>Staked: {stake.amount} coins</span>
        <time dateTime={stake.createdAt}>{formatDate(stake.createdAt)}</time>
      </p>
      {stake.status !== 'pending' && <StakeOutcomeFigures stake={stake} className="text-sm" />}
      <PullRequestLink href={stake.prUrl} />
    </section>
  );
}
