import type { PullRequestDetail } from '@openstake/core';
import type { AppContext } from '../../context';
import { requireGithubToken } from '../github/github-account';
import { repoFullName } from '../repositories/repository-access';
import { pendingStakesInRepository } from '../stakes/stake-store';
import { toPullRequestDetail } from './pull-request-view';
import { pullRequestNotFound } from './pull-request-with-push-access';
import { isSpamMarked } from './spam-mark-store';

/** One pull request with what only GitHub's single-PR answer has (mergeable state, diff size). */
export async function getPullRequest(
  input: { userId: string; owner: string; repo: string; pullNumber: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<PullRequestDetail> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const pr = await ctx.github.pullRequestData(token, input.owner, input.repo, input.pullNumber);
  if (!pr) throw pullRequestNotFound(input.pullNumber, `${input.owner}/${input.repo}`);
  const fullName = repoFullName(input.owner, input.repo);
  const [pending, spamMarked] = await Promise.all([
    pendingStakesInRepository(ctx.db, fullName),
    isSpamMarked(ctx.db, fullName, pr.number),
  ]);
  const stake = pending.find((s) => s.prNumber === pr.number) ?? null;
  return toPullRequestDetail(pr, stake, spamMarked);
}
