import { formatNumber, RANKS } from '@openstake/core';

export interface RankBand {
  landingName: string;
  minXp: number;
}

export interface LandingRank {
  name: string;
  range: string;
}

/**
 * Turns rank lower bounds into the landing page's ranges: each range runs to the next rank's
 * minimum ('0-100', '1,500-3,000') and the top rank is open-ended ('5,000+').
 */
export function landingRankRanges(ranks: readonly RankBand[]): LandingRank[] {
  return ranks.map((rank, index) => {
    const next = ranks[index + 1];
    return {
      name: rank.landingName,
      range: next
        ? `${formatNumber(rank.minXp)}-${formatNumber(next.minXp)}`
        : `${formatNumber(rank.minXp)}+`,
    };
  });
}

/**
 * The landing page's rank names and XP ranges, derived from the same rank table
 * the app uses, so the marketing page can never disagree with the real thresholds.
 */
export const LANDING_RANKS = landingRankRanges(RANKS);
