import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requirePushAccess } from '../repositories/repository-access';
import { settlePullRequest } from '../stakes/settle-pull-request';
import { pullRequestNotFound } from './pull-request-with-push-access';
import { forgetKeptQueues } from './kept-queues';

type Ctx = Pick<
  AppContext,
  'db' | 'secrets' | 'github' | 'githubApp' | 'clock' | 'log' | 'publicUrl'
>;

/**
 * Close PR: closes the pull request on GitHub, then settles any pending stake on
 * it as closed, after a review (capped deduction) or without one (full refund). Settling here
 * rather than waiting for the webhook shows the outcome at once; the webhook then finds nothing
 * left to do.
 */
export async function closePullRequest(
  input: { userId: string; owner: string; repo: string; pullNumber: number },
  ctx: Ctx,
): Promise<{ stakeOutcome: 'rejected' | 'expired' | null }> {
  const access = await requirePushAccess(input, ctx);
  const pr = await ctx.github.pullRequest(access.token, input.owner, input.repo, input.pullNumber);
  if (!pr) throw pullRequestNotFound(input.pullNumber, access.fullName);
  if (pr.merged) {
    throw new AppError('CONFLICT', {
      message: `Pull request #${String(pr.number)} is already merged`,
    });
  }
  if (pr.state === 'open') {
    await ctx.github.closePullRequest(access.token, input.owner, input.repo, pr.number);
    forgetKeptQueues(ctx.db, access.fullName);
  }
  const { stakes } = await settlePullRequest(
    {
      repositoryFullName: access.fullName,
      prNumber: pr.number,
      // The maintainer may push, so their token can tell whose reviews count.
      end: { merged: false, pr, pushToken: access.token },
      settledBy: 'close',
    },
    ctx,
  );
  const last = stakes.at(-1);
  if (!last) return { stakeOutcome: null };
  return { stakeOutcome: last.outcome.kind === 'closed_after_review' ? 'rejected' : 'expired' };
}
