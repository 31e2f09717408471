import { z } from 'zod';

/*
 * The share of a rejected stake a connected repository keeps: a whole percent from
 * 0 to 20, 10 unless its maintainer sets another. Shared by the server's schema and the form.
 */
export const DEFAULT_DEDUCTION_PERCENT = 10;
export const MIN_DEDUCTION_PERCENT = 0;
export const MAX_DEDUCTION_PERCENT = 20;
export const DEDUCTION_PERCENT_MESSAGE = 'Deduction percent must be a whole number from 0 to 20';

export const deductionPercentSchema = z
  .number({ message: DEDUCTION_PERCENT_MESSAGE })
  .int(DEDUCTION_PERCENT_MESSAGE)
  .min(MIN_DEDUCTION_PERCENT, DEDUCTION_PERCENT_MESSAGE)
  .max(MAX_DEDUCTION_PERCENT, DEDUCTION_PERCENT_MESSAGE);

/**
 * The coins a rejected stake (closed after a review by someone with push access, not merged)
 * leaves to the repository: `percent` of the stake rounded down, but at least 1 coin whenever the
 * percent is above 0 and that coin is within the platform's cap (MAX_DEDUCTION_PERCENT of the
 * stake, so stakes of 5 coins or more). Rounding down alone made a review free on small stakes
 * (15 % of 5 coins is 0.75, so 0) and the repository's deduction meaningless; raising it to one
 * coin on every stake would take a whole 1-coin stake, breaking the cap that protects
 * contributors. So a deduction is never more than 20 % of the stake, and never more than the
 * percent by more than one coin. A percent of 0 deducts nothing. Stakes and percents are whole
 * numbers.
 */
export function stakeDeduction(stake: number, percent: number): number {
  if (stake <= 0 || percent <= 0) return 0;
  const rounded = Math.floor((stake * percent) / 100);
  const oneCoinWithinCap = stake * MAX_DEDUCTION_PERCENT >= 100;
  return oneCoinWithinCap ? Math.max(1, rounded) : rounded;
}
