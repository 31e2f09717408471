import { formatNumber, mergeXpRange } from '@openstake/core';

/**
 * What a merge on an issue can pay in XP, as the issue lists say it: '1–204 XP'. An in-app merge
 * pays by the maintainer's ratings, a merge seen only on GitHub the issue's own reward, so one
 * figure would promise what the ratings decide.
 */
export function mergeXpText(issueXpReward: number): string {
  const { min, max } = mergeXpRange(issueXpReward);
  return min === max ? `${formatNumber(max)} XP` : `${formatNumber(min)}–${formatNumber(max)} XP`;
}

/** The longer reading of mergeXpText, for its title. */
export const mergeXpExplanation = (issueXpReward: number): string =>
  `A merge pays XP by the maintainer's ratings; merged on GitHub without them, ${formatNumber(issueXpReward)} XP.`;
