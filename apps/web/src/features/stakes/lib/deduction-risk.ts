import { formatCoins, stakeDeduction } from '@openstake/core';

/**
 * What the stake dialog says a stake risks, from the repository's deduction percent and core's
 * stakeDeduction (the server's rule): returned when merged, the deduction lost when reviewed but
 * not merged, refunded in full when never reviewed.
 */
export function deductionRiskText(stake: number, percent: number): string {
  const deduction = stakeDeduction(stake, percent);
  const reviewed =
    deduction === 0
      ? `If it is reviewed but not merged, this repository deducts nothing (${percent === 0 ? '0 %' : 'a deduction never takes more than 20 % of a stake'}): all ${formatCoins(stake)} come back.`
      : `If it is reviewed but not merged, this repository keeps ${formatCoins(deduction)} (${String(percent)} %, at least 1 coin) and ${formatCoins(stake - deduction)} come back.`;
  return `Your stake is returned if your pull request is merged. ${reviewed} If it is never reviewed, you get a full refund.`;
}
