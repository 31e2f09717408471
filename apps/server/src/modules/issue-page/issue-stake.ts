import { and, desc, eq } from 'drizzle-orm';
import type { IssueStake } from '@openstake/core';
import type { Queryable } from '../../db/database';
import { stakes } from '../../db/schema';
import { toIssueStakeView } from '../stakes/stake-view';

/**
 * A contributor's latest stake on an issue, for the issue page: pending until settled, then what
 * it earned or lost. Null when they never staked on it.
 */
export async function latestStakeOnIssue(
  db: Queryable,
  input: { userId: string; issueId: number },
): Promise<IssueStake | null> {
  const [row] = await db
    .select()
    .from(stakes)
    .where(and(eq(stakes.userId, input.userId), eq(stakes.issueGithubId, input.issueId)))
    .orderBy(desc(stakes.createdAt))
    .limit(1);
  return row ? toIssueStakeView(row) : null;
}
