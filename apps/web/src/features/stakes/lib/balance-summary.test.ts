import { describe, expect, it } from 'vitest';

import { balanceSummary } from './balance-summary';

describe('balanceSummary', () => {
  it('shows the balance before and after the stake', () => {
    expect(balanceSummary(100, 10)).toEqual({
      current: '100 coins',
      stake: '-10 coins',
      after: '90 coins',
      insufficient: false,
    });
    expect(balanceSummary(10, 10).insufficient).toBe(false);
  });

  it('flags a balance short of the stake', () => {
    expect(balanceSummary(4, 10)).toMatchObject({ after: '-6 coins', insufficient: true });
  });

  it('shows dashes while the balance is unknown', () => {
    expect(balanceSummary(null, 5)).toEqual({
      current: '—',
      stake: '-5 coins',
      after: '—',
      insufficient: false,
    });
  });
});
