import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { stakes, trackedIssues } from '../../db/schema';

/**
 * The pending stakes on a pull request, oldest first, with what settling them needs of their
 * issue (its repository and number, which the merge must reference, and its XP) and when they
 * were placed.
 */
export async function pendingStakesOn(
  db: Queryable,
  repositoryFullName: string,
  prNumber: number,
): Promise<
  {
    id: string;
    issueGithubId: number;
    issue: { repositoryFullName: string; number: number };
    xpReward: number;
    createdAt: Date;
  }[]
> {
  return db
    .select({
      id: stakes.id,
      issueGithubId: stakes.issueGithubId,
      issue: { repositoryFullName: trackedIssues.repositoryFullName, number: trackedIssues.number },
      xpReward: trackedIssues.xpReward,
      createdAt: stakes.createdAt,
    })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(
      and(
        eq(stakes.repositoryFullName, repositoryFullName.toLowerCase()),
        eq(stakes.prNumber, prNumber),
        eq(stakes.status, 'pending'),
      ),
    )
    .orderBy(stakes.createdAt);
}
