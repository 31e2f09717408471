import { describe, expect, it } from 'vitest';

import { DEDUCTION_PERCENT_MESSAGE } from '@openstake/core';

import { parseDeductionPercent } from './deduction-percent';

describe('parseDeductionPercent', () => {
  it('accepts whole numbers from 0 to 20', () => {
    expect(parseDeductionPercent('0')).toEqual({ ok: true, value: 0 });
    expect(parseDeductionPercent(' 10 ')).toEqual({ ok: true, value: 10 });
    expect(parseDeductionPercent('20')).toEqual({ ok: true, value: 20 });
  });

  it.each(['', '21', '-1', '2.5', '1e1', 'ten', '100'])('refuses %j', (text) => {
    expect(parseDeductionPercent(text)).toEqual({ ok: false, message: DEDUCTION_PERCENT_MESSAGE });
  });
});
