import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { stakes } from '../../db/schema';

/** The stakes a closed pull request settles: pending, and linked to that pull request. */
export const pendingOnPullRequest = (
  repositoryFullName: string | SQLWrapper,
  prNumber: number | SQLWrapper,
): SQL =>
  and(
    eq(stakes.repositoryFullName, repositoryFullName),
    eq(stakes.prNumber, prNumber),
    eq(stakes.status, 'pending'),
  ) as SQL;

// Asked of every closed pull request GitHub delivers: prepared once per database.
const waiting = preparedPerDb((db) =>
  db
    .select({ id: stakes.id })
    .from(stakes)
    .where(pendingOnPullRequest(sql.placeholder('repositoryFullName'), sql.placeholder('prNumber')))
    .limit(1)
    .prepare('stake_waits_on_pull_request'),
);

/**
 * Whether a stake waits on the pull request: the webhook's receiver asks as a closed one arrives
 * (most have none, and are recorded as handled at once).
 */
export async function stakeWaitsOn(
  db: Db,
  repositoryFullName: string,
  prNumber: number,
): Promise<boolean> {
  const rows = await waiting(db).execute({ repositoryFullName, prNumber });
  return rows.length > 0;
}
