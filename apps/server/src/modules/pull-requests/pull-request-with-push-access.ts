import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requirePushAccess } from '../repositories/repository-access';

export const pullRequestNotFound = (pullNumber: number, fullName: string): AppError =>
  new AppError('NOT_FOUND', {
    message: `Pull request #${String(pullNumber)} was not found in ${fullName}`,
  });

/**
 * The maintainer's push access to the repository (GitHub confirms it) and GitHub's full answer
 * about the pull request, or 404: what merging it, and previewing what a merge pays, start from.
 */
export async function pullRequestWithPushAccess(
  input: { userId: string; owner: string; repo: string; pullNumber: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
) {
  const access = await requirePushAccess(input, ctx);
  const pr = await ctx.github.pullRequestData(
    access.token,
    input.owner,
    input.repo,
    input.pullNumber,
  );
  if (!pr) throw pullRequestNotFound(input.pullNumber, access.fullName);
  return { access, pr };
}
