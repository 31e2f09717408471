import type { ContributorVouch } from '@openstake/core';
import type { Queryable } from '../../db/database';
import { vouchesOfGithubUser } from './vouch-store';

/**
 * What maintainers said of a GitHub user across connected repositories, newest first: shown on
 * the contributor's profile to maintainers (decision 015: trust earned in one repository counts
 * in the next). Contributors and companies do not see it: a denouncement is a maintainers' note,
 * not a public verdict.
 */
export async function listGithubUserVouches(
  db: Queryable,
  githubUserId: number,
): Promise<ContributorVouch[]> {
  return vouchesOfGithubUser(db, githubUserId);
}
