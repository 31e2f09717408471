export interface RankBand {
  landingName: string;
  minXp: number;
}

export interface LandingRank {
  name: string;
  range: string;
}

const formatXp = (xp: number): string => xp.toLocaleString('en-US');

/**
 * Turns rank lower bounds into the landing page's ranges: each range runs to the next rank's
 * minimum ('0-100', '1,500-3,000') and the top rank is open-ended ('5,000+').
 */
export function landingRankRanges(ranks: readonly RankBand[]): LandingRank[] {
  return ranks.map((rank, index) => {
    const next = ranks[index + 1];
    return {
      name: rank.landingName,
      range: next ? `${formatXp(rank.minXp)}-${formatXp(next.minXp)}` : `${formatXp(rank.minXp)}+`,
    };
  });
}
