import { z } from 'zod';

/*
 * The share of a rejected stake a connected repository keeps (DESIGN.md s5): a whole percent from
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
