import type { IssueStake, Stake } from '@openstake/core';
import type { Queryable } from '../../db/database';
import type { stakes } from '../../db/schema';
import type { TrackedIssue } from '../issues/issue-store';
import { latestStakeOnIssue } from './stake-store';

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

/**
 * A contributor's latest stake on an issue, for the issue page: pending until settled, then what
 * it earned or lost. Null when they never staked on it.
 */
export async function latestIssueStake(
  db: Queryable,
  input: { userId: string; issueId: number },
): Promise<IssueStake | null> {
  const row = await latestStakeOnIssue(db, { userId: input.userId, issueGithubId: input.issueId });
  return row ? toIssueStakeView(row) : null;
}

/** A stake in its owner's list: the same, with the issue and repository it is on. */
export function toStakeView(
  row: typeof stakes.$inferSelect,
  issue: Pick<TrackedIssue, 'number' | 'title'>,
): Stake {
  return {
    ...toIssueStakeView(row),
    issueId: row.issueGithubId,
    issueNumber: issue.number,
    issueTitle: issue.title,
    repository: row.repositoryFullName,
  };
}
