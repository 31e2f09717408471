import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { stakes, trackedIssues } from '../../db/schema';

/** The pending stakes on a pull request, oldest first, with their issue's number and when they were placed. */
export async function pendingStakesOn(
  db: Queryable,
  repositoryFullName: string,
  prNumber: number,
): Promise<{ id: string; issueGithubId: number; issueNumber: number; createdAt: Date }[]> {
  return db
    .select({
      id: stakes.id,
      issueGithubId: stakes.issueGithubId,
      issueNumber: trackedIssues.number,
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
