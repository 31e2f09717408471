import { STAKE_LIFETIME_DAYS } from '@openstake/core';
import type { AppContext } from '../../context';
import type { TrackedIssue } from '../issues/issue-store';
import { githubAccessOf } from '../github/github-account';
import { closedPullRequestOutcome, stewardToken } from './pull-request-outcome';
import { settleStake, type StakeOutcome } from './settle-stake';
import { pendingStakesPlacedBefore, type StakeRow } from './stake-store';
import { updateStakeStatus } from './update-stake-status';

type Ctx = Pick<
  AppContext,
  'db' | 'clock' | 'secrets' | 'github' | 'githubApp' | 'publicUrl' | 'log'
>;

/**
 * Stakes still undecided after 30 days end. GitHub is asked about the pull request
 * once more first, with the stake owner's token and else the repository steward's (the poll asks
 * with the owner's alone): a pull request that closed meanwhile ends the stake as it closed, so a
 * contributor who revoked OpenStake's access, hiding a reviewed close from the poll, still pays
 * the deduction. One still open (or gone) is refunded in full and loses the green
 * `openstake/stake` status (app mode). When no token gets an answer the stake waits for the next
 * run; with no token at all nothing can be known, and it is refunded.
 */
export async function expireStakes(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - STAKE_LIFETIME_DAYS * 86_400_000);
  const due = await pendingStakesPlacedBefore(ctx.db, cutoff);
  let expired = 0;
  for (const row of due) {
    const { stake } = row;
    const outcome = await outcomeAtExpiry(ctx, row);
    if (!outcome) continue;
    if (!(await settleStake({ stakeId: stake.id, outcome, settledBy: 'expiry' }, ctx))) continue;
    expired++;
    if (outcome.kind !== 'timed_out') continue;
    try {
      const { repositoryFullName, prNumber } = stake;
      await updateStakeStatus({ repositoryFullName, prNumber }, ctx);
    } catch (error) {
      // The refund stands; a status GitHub would not take is only a stale check mark.
      ctx.log.warn({ err: error, stakeId: stake.id }, 'could not update the stake status');
    }
  }
  return expired;
}

/** How an expiring stake ends, as GitHub tells it; null when GitHub could not be asked. */
async function outcomeAtExpiry(
  ctx: Ctx,
  { stake, issue }: { stake: StakeRow; issue: TrackedIssue },
): Promise<StakeOutcome | null> {
  const [owner, repo] = stake.repositoryFullName.split('/') as [string, string];
  const tokens = [
    (await githubAccessOf(stake.userId, ctx))?.token,
    // An installation token GitHub will not mint leaves the owner's token to ask with.
    await stewardToken(ctx, stake.repositoryFullName, stake.issueGithubId).catch(
      (error: unknown) => {
        ctx.log.warn({ err: error, stakeId: stake.id }, 'no steward token for an expiring stake');
        return null;
      },
    ),
  ].filter((token): token is string => Boolean(token));
  if (tokens.length === 0) return { kind: 'timed_out' };
  for (const token of tokens) {
    try {
      const [answer] = await ctx.github.pullRequests(token, [
        { owner, repo, number: stake.prNumber },
      ]);
      if (!answer || 'error' in answer) continue;
      const pr = answer.found;
      if (!pr || pr.state === 'open') return { kind: 'timed_out' };
      return await closedPullRequestOutcome(ctx, { pr, issue, placedAt: stake.createdAt });
    } catch (error) {
      ctx.log.warn(
        { err: error, stakeId: stake.id },
        'could not ask GitHub about an expiring stake',
      );
    }
  }
  return null;
}
