import { formatNumber, rankProgress, type RankProgress } from '@openstake/core';

export interface RankProgressView extends RankProgress {
  /** 'Progress to Code Apprentice', or the rank's name at the top rank. */
  title: string;
  /** '131 / 500 XP', or '5,200 XP' at the top rank. */
  label: string;
  /** '369 XP to go', or 'Max' (or the caller's words) at the top rank. */
  toGoLabel: string;
  /** False at the top rank: no bar, 'Max' instead. */
  showBar: boolean;
}

/**
 * Every label and the bar of a rank progress, from core's one rule (decision 006). `maxLabel` is
 * what the top rank reads instead of the XP to go: 'Max', or the directory's 'Max rank achieved'.
 */
export function rankProgressView(xp: number, maxLabel = 'Max'): RankProgressView {
  const progress = rankProgress(xp);
  const { next, nextRank } = progress;
  if (next === null || nextRank === null) {
    return {
      ...progress,
      title: progress.rank,
      label: `${formatNumber(xp)} XP`,
      toGoLabel: maxLabel,
      showBar: false,
    };
  }
  return {
    ...progress,
    title: `Progress to ${nextRank}`,
    label: `${formatNumber(xp)} / ${formatNumber(next)} XP`,
    toGoLabel: `${formatNumber(progress.toGo)} XP to go`,
    showBar: true,
  };
}
