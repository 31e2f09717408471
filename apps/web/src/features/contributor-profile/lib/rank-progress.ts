import { overviewProgressPercent } from '@openstake/core';

export interface RankProgress {
  /** '120 / 500 XP', or '5200 XP' at the top rank. */
  label: string;
  /** '380 XP to go', or 'Max' at the top rank. */
  toGo: string;
  /** The bar's percentage (the overview formula, spec 000 s9); null at the top rank: no bar. */
  percent: number | null;
}

/**
 * The dashboard's 'Progress to Next Rank' from the server's stats: the server says where the next
 * rank starts (null at the top); this only lays the figures out.
 */
export function dashboardRankProgress(stats: {
  xp: number;
  nextRankXP: number | null;
}): RankProgress {
  const { xp, nextRankXP } = stats;
  if (nextRankXP === null) return { label: `${String(xp)} XP`, toGo: 'Max', percent: null };
  return {
    label: `${String(xp)} / ${String(nextRankXP)} XP`,
    toGo: `${String(Math.max(0, nextRankXP - xp))} XP to go`,
    percent: overviewProgressPercent(xp),
  };
}
