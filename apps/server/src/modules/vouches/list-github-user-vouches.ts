import type { ContributorVouch } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireGithubToken } from '../github/github-account';
import { vouchesOfGithubUser } from './vouch-store';

/**
 * What maintainers said of a GitHub user across connected repositories, newest first, naming who
 * said it (decision 015: trust earned in one repository counts in the next). Asked by a
 * maintainer, by GitHub login, which GitHub turns into the id the vouches are kept by, so a
 * renamed user keeps theirs. Only maintainers see it (the route's access): a denouncement is a
 * note between maintainers, not a verdict shown to companies or to the contributor.
 */
export async function listGithubUserVouches(
  input: { userId: string; login: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<ContributorVouch[]> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const account = await ctx.github.account(token, input.login);
  if (!account || account.type !== 'User') {
    throw new AppError('NOT_FOUND', { message: `GitHub has no user @${input.login}` });
  }
  return vouchesOfGithubUser(ctx.db, account.id);
}
