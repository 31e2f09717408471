import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { stakes } from '../../db/schema';

/** The pending stakes on a pull request, oldest first. */
export async function pendingStakesOn(
  db: Queryable,
  repositoryFullName: string,
  prNumber: number,
): Promise<{ id: string }[]> {
  return db
    .select({ id: stakes.id })
    .from(stakes)
    .where(
      and(
        eq(stakes.repositoryFullName, repositoryFullName.toLowerCase()),
        eq(stakes.prNumber, prNumber),
        eq(stakes.status, 'pending'),
      ),
    )
    .orderBy(stakes.createdAt);
}
