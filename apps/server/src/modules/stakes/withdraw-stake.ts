import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stakes, trackedIssues } from '../../db/schema';
import { AppError } from '../../errors';
import { closedOutcome } from './pull-request-outcome';
import { settleStake } from './settle-stake';
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
  const [found] = await ctx.db
    .select({ stake: stakes, issueNumber: trackedIssues.number })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(
      and(
        eq(stakes.userId, input.userId),
        eq(stakes.status, 'pending'),
        eq(stakes.repositoryFullName, input.repositoryFullName.toLowerCase()),
        input.issueNumber !== null
          ? eq(trackedIssues.number, input.issueNumber)
          : eq(stakes.prNumber, input.prNumber ?? 0),
      ),
    )
    .limit(1);
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
