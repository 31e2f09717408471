import { and, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { stakes } from '../../db/schema';

/** The stakes a closed pull request settles: pending, and linked to that pull request. */
export const pendingOnPullRequest = (repositoryFullName: string, prNumber: number): SQL =>
  and(
    eq(stakes.repositoryFullName, repositoryFullName),
    eq(stakes.prNumber, prNumber),
    eq(stakes.status, 'pending'),
  ) as SQL;

/**
 * Whether a stake waits on the pull request: the webhook's receiver asks as a closed one arrives
 * (most have none, and are recorded as handled at once).
 */
export async function stakeWaitsOn(
  db: Queryable,
  repositoryFullName: string,
  prNumber: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: stakes.id })
    .from(stakes)
    .where(pendingOnPullRequest(repositoryFullName, prNumber))
    .limit(1);
  return row !== undefined;
}
