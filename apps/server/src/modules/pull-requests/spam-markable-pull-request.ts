import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findConnectedRepository } from '../repositories/connected-repository';
import { requirePushAccess } from '../repositories/repository-access';
import { pullRequestNotFound } from './pull-request-with-push-access';

/**
 * What marking a pull request as spam (or undoing it) starts from: push access on GitHub, a
 * connected repository, and a pull request that was closed without being merged.
 */
export async function spamMarkablePullRequest(
  input: { userId: string; owner: string; repo: string; pullNumber: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
) {
  const access = await requirePushAccess(input, ctx);
  if (!(await findConnectedRepository(ctx.db, access.fullName))) {
    throw new AppError('NOT_FOUND', { message: `${access.fullName} is not connected` });
  }
  const pr = await ctx.github.pullRequest(access.token, input.owner, input.repo, input.pullNumber);
  if (!pr) throw pullRequestNotFound(input.pullNumber, access.fullName);
  if (pr.merged) {
    throw new AppError('CONFLICT', {
      message: `Pull request #${String(pr.number)} was merged; only a closed, unmerged pull request can be marked as spam`,
    });
  }
  if (pr.state !== 'closed') {
    throw new AppError('CONFLICT', {
      message: `Pull request #${String(pr.number)} is open; close it before marking it as spam`,
    });
  }
  return { access, pr };
}
