import {
  DEDUCTION_PERCENT_MESSAGE,
  MAX_DEDUCTION_PERCENT,
  MIN_DEDUCTION_PERCENT,
} from '@openstake/core';

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
