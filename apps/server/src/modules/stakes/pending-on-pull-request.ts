import { and, eq, type SQL } from 'drizzle-orm';
import { stakes } from '../../db/schema';

/**
 * The stakes a closed pull request settles: pending, and linked to that pull request. The
 * webhook's receiver asks whether there are any (most closed pull requests have none, and are
 * recorded as handled at once), and the settlement reads them.
 */
export const pendingOnPullRequest = (repositoryFullName: string, prNumber: number): SQL =>
  and(
    eq(stakes.repositoryFullName, repositoryFullName),
    eq(stakes.prNumber, prNumber),
    eq(stakes.status, 'pending'),
  ) as SQL;
