import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MAX_DEDUCTION_PERCENT, stakeDeduction } from './deduction';

const stakes = fc.integer({ min: 1, max: 1_000_000 });
const percents = fc.integer({ min: 0, max: MAX_DEDUCTION_PERCENT });

describe('stakeDeduction', () => {
  it('takes at least 1 coin when the percent is above 0: 5 coins at 15 % lose 1', () => {
    expect(stakeDeduction(5, 15)).toBe(1);
    expect(stakeDeduction(5, 1)).toBe(1);
    expect(stakeDeduction(10, 10)).toBe(1);
    expect(stakeDeduction(10, 15)).toBe(1);
    expect(stakeDeduction(20, 15)).toBe(3);
    expect(stakeDeduction(100, 20)).toBe(20);
  });

  it('takes nothing at 0 %', () => {
    fc.assert(
      fc.property(stakes, (stake) => {
        expect(stakeDeduction(stake, 0)).toBe(0);
      }),
    );
  });

  it('never takes more than the cap: a stake under 5 coins loses only whole coins within 20 %', () => {
    expect(stakeDeduction(1, 10)).toBe(0);
    expect(stakeDeduction(4, 20)).toBe(0);
    fc.assert(
      fc.property(stakes, percents, (stake, percent) => {
        expect(stakeDeduction(stake, percent) * 100).toBeLessThanOrEqual(
          stake * MAX_DEDUCTION_PERCENT,
        );
      }),
    );
  });

  it('is at least 1 from 5 coins up, and at most the percent rounded up', () => {
    fc.assert(
      fc.property(stakes, fc.integer({ min: 1, max: MAX_DEDUCTION_PERCENT }), (stake, percent) => {
        const deduction = stakeDeduction(stake, percent);
        expect(Number.isInteger(deduction)).toBe(true);
        if (stake >= 5) expect(deduction).toBeGreaterThanOrEqual(1);
        expect(deduction).toBeLessThanOrEqual(stake);
        expect(deduction).toBeLessThanOrEqual(Math.ceil((stake * percent) / 100));
        expect(deduction).toBeGreaterThanOrEqual(Math.floor((stake * percent) / 100));
      }),
    );
  });

  it('never falls as the stake or the percent rises', () => {
    fc.assert(
      fc.property(stakes, percents, (stake, percent) => {
        expect(stakeDeduction(stake + 1, percent)).toBeGreaterThanOrEqual(
          stakeDeduction(stake, percent),
        );
        if (percent < MAX_DEDUCTION_PERCENT) {
          expect(stakeDeduction(stake, percent + 1)).toBeGreaterThanOrEqual(
            stakeDeduction(stake, percent),
          );
        }
      }),
    );
  });

  it('takes nothing of an empty stake', () => {
    expect(stakeDeduction(0, 20)).toBe(0);
  });
});
