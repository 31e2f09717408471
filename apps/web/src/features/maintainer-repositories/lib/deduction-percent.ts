/*
 * The share of a rejected stake a connected repository keeps (DESIGN.md s5): a whole percent from
 * 0 to 20, 10 unless the maintainer sets another. The server checks the same range.
 */

export const DEFAULT_DEDUCTION_PERCENT = 10;
export const MIN_DEDUCTION_PERCENT = 0;
export const MAX_DEDUCTION_PERCENT = 20;
export const DEDUCTION_PERCENT_MESSAGE = 'Deduction percent must be a whole number from 0 to 20';

export type DeductionPercentCheck = { ok: true; value: number } | { ok: false; message: string };

/** Reads the percent field's text: a whole number from 0 to 20, nothing else. */
export function parseDeductionPercent(text: string): DeductionPercentCheck {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return { ok: false, message: DEDUCTION_PERCENT_MESSAGE };
  const value = Number(trimmed);
  if (value < MIN_DEDUCTION_PERCENT || value > MAX_DEDUCTION_PERCENT) {
    return { ok: false, message: DEDUCTION_PERCENT_MESSAGE };
  }
  return { ok: true, value };
}
