import type { PullRequest } from '@openstake/core';
import type { AppContext } from '../../context';
import { requireGithubToken } from '../github/github-account';
import { repoFullName } from '../repositories/repository-access';
import { pendingCoinsOnPullRequests } from '../stakes/stake-store';
import { toPullRequest } from './pull-request-view';

export const PULL_REQUESTS_PER_PAGE = 30;

/** A repository's open pull requests, with the coins staked on each. */
export async function listPullRequests(
  input: { userId: string; owner: string; repo: string; page: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<PullRequest[]> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const pulls = await ctx.github.openPullRequests(
    token,
    input.owner,
    input.repo,
    input.page,
    PULL_REQUESTS_PER_PAGE,
  );
  const staked = await pendingCoinsOnPullRequests(
    ctx.db,
    repoFullName(input.owner, input.repo),
    pulls.map((p) => p.number),
  );
  return pulls.map((p) => toPullRequest(p, staked.get(p.number) ?? null));
}
