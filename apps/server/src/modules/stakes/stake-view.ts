import type { IssueStake, Stake } from '@openstake/core';
import { isoTimestamp } from '../../db/database';
import { stakes, trackedIssues } from '../../db/schema';

/** A stake as its owner sees it on the issue's page: what it put in and what came of it. */
export function toIssueStakeView(row: typeof stakes.$inferSelect): IssueStake {
  return {
    _id: row.id,
    status: row.status,
    amount: row.amount,
    prUrl: row.prUrl,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    coinsEarned: row.coinsEarned,
    xpEarned: row.xpEarned,
    coinsLost: row.coinsLost,
    bountyEarned: row.bountyEarned,
    xpUncounted: row.xpUncounted,
    xpLimitReason: row.xpLimitReason,
  };
}

/** A stake in its owner's list: the same, with the issue and repository it is on. */
export function toStakeView(
  row: typeof stakes.$inferSelect,
  issue: Pick<typeof trackedIssues.$inferSelect, 'number' | 'title'>,
): Stake {
  return {
    ...toIssueStakeView(row),
    issueId: row.issueGithubId,
    issueNumber: issue.number,
    issueTitle: issue.title,
    repository: row.repositoryFullName,
  };
}

/**
 * The same view as columns of a select over stakes joined to their tracked issue, for the stakes
 * list, whose rows go to the client as they come: the times written as text by the database in
 * toISOString()'s form, so no Date is made per row. Every field of a Stake, no other (the
 * compiler checks); test/stakes-list.test.ts holds the rows equal to toStakeView's.
 */
export const stakeViewColumns = {
  _id: stakes.id,
  status: stakes.status,
  issueId: stakes.issueGithubId,
  issueNumber: trackedIssues.number,
  issueTitle: trackedIssues.title,
  repository: stakes.repositoryFullName,
  amount: stakes.amount,
  createdAt: isoTimestamp(stakes.createdAt),
  settledAt: isoTimestamp(stakes.settledAt),
  coinsEarned: stakes.coinsEarned,
  xpEarned: stakes.xpEarned,
  coinsLost: stakes.coinsLost,
  bountyEarned: stakes.bountyEarned,
  xpUncounted: stakes.xpUncounted,
  xpLimitReason: stakes.xpLimitReason,
  prUrl: stakes.prUrl,
} satisfies Record<keyof Stake, unknown>;
