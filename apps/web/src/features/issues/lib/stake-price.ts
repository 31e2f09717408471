import { formatCoins, type SuggestedIssue } from '@openstake/core';

/**
 * The signed-in contributor's price on an issue, as every screen says it (decision 015): "You
 * stake 20 coins: 2x while your account is new (under 30 days)". The reason comes from the
 * server, written by core's stakePriceText, so each screen says the same.
 */
export function stakePriceLine(issue: Pick<SuggestedIssue, 'stakePrice'>): string {
  return `You stake ${issue.stakePrice.text}`;
}

/**
 * The issue's own stake, as its maintainer set it, when it is not what this contributor pays:
 * "Issue stake: 10 coins"; null when their price is the issue's stake.
 */
export function issueStakeLine(
  issue: Pick<SuggestedIssue, 'stakePrice' | 'stakingRequired'>,
): string | null {
  if (issue.stakePrice.factorPercent === 100) return null;
  return `Issue stake: ${formatCoins(issue.stakingRequired)}`;
}
