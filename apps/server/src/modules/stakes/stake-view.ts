import type { Stake } from '@openstake/core';
import type { stakes, trackedIssues } from '../../db/schema';

export function toStakeView(
  row: typeof stakes.$inferSelect,
  issue: Pick<typeof trackedIssues.$inferSelect, 'number' | 'title'>,
): Stake {
  return {
    _id: row.id,
    status: row.status,
    issueId: row.issueGithubId,
    issueNumber: issue.number,
    issueTitle: issue.title,
    repository: row.repositoryFullName,
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    coinsEarned: row.coinsEarned,
    xpEarned: row.xpEarned,
    coinsLost: row.coinsLost,
    bountyEarned: row.bountyEarned,
    prUrl: row.prUrl,
  };
}
