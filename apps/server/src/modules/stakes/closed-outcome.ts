import { coinsForXp } from '@openstake/core';
import type { AppContext } from '../../context';
import type { StakeOutcome } from './settle-stake';

/**
 * How a stake on a pull request closed without merging ends: a capped deduction when someone
 * reviewed it, a full refund when nobody did (DESIGN.md s5). GitHub's reviews are the judge.
 */
export async function closedOutcome(
  ctx: Pick<AppContext, 'github'>,
  token: string,
  repositoryFullName: string,
  prNumber: number,
): Promise<StakeOutcome> {
  const [owner, repo] = repositoryFullName.split('/') as [string, string];
  const reviews = await ctx.github.reviewCount(token, owner, repo, prNumber);
  return reviews > 0 ? { kind: 'closed_after_review' } : { kind: 'closed_without_review' };
}

/** Coins from a merge are twice its XP (DESIGN.md s6); without maintainer feedback, XP is the xpReward. */
export const rewardWithoutFeedback = (xpReward: number): StakeOutcome => ({
  kind: 'merged',
  xp: xpReward,
  coins: coinsForXp(xpReward),
});
