import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { closedOutcome } from './pull-request-outcome';
import { settleStake } from './settle-stake';
import { pendingStakeOf } from './stake-store';
import { updateStakeStatusLater } from './update-stake-status';

type Ctx = Pick<
  AppContext,
  'db' | 'secrets' | 'github' | 'clock' | 'githubApp' | 'publicUrl' | 'background'
>;

/**
 * `/unstake`: a contributor takes back their pending stake before anyone who may push to the
 * repository has reviewed its pull request, and gets it back in full (the refund of a pull request
 * closed without review). Reviewed, the stake stays until the pull request is merged
 * or closed: a contributor cannot dodge a deduction that a review has made likely. The stake is
 * named by its pull request or, with `/unstake #12`, its issue. The review is read from GitHub just
 * before the refund; one submitted in that instant is not seen. Returns the coins refunded.
 */
export async function withdrawStake(
  input: {
    userId: string;
    login: string;
    repositoryFullName: string;
    prNumber: number | null;
    issueNumber: number | null;
  },
  ctx: Ctx,
): Promise<{ amount: number; issueNumber: number; prNumber: number }> {
  const found = await pendingStakeOf(ctx.db, input);
  if (!found) {
    throw new AppError('NOT_FOUND', {
      message:
        input.issueNumber !== null
          ? `You have no pending stake on #${String(input.issueNumber)}`
          : 'You have no pending stake on this pull request',
    });
  }
  const { stake } = found;
  const reviewed = await closedOutcome(ctx, {
    pr: { number: stake.prNumber, authorLogin: input.login },
    repositoryFullName: stake.repositoryFullName,
    issueGithubId: stake.issueGithubId,
  });
  if (reviewed.kind === 'closed_after_review') {
    throw new AppError('CONFLICT', {
      message: 'This pull request has been reviewed: the stake stays until it is merged or closed',
    });
  }
  const settled = await settleStake(
    { stakeId: stake.id, outcome: { kind: 'withdrawn' }, settledBy: 'unstake' },
    ctx,
  );
  if (!settled) throw new AppError('CONFLICT', { message: 'This stake was settled meanwhile' });
  updateStakeStatusLater(
    { repositoryFullName: stake.repositoryFullName, prNumber: stake.prNumber },
    ctx,
  );
  return { amount: stake.amount, issueNumber: found.issueNumber, prNumber: stake.prNumber };
}
