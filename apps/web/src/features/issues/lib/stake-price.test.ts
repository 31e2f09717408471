import { describe, expect, it } from 'vitest';

import { issueStakeLine, stakePriceLine } from './stake-price';

const priced = (amount: number, factorPercent: number, text: string) => ({
  stakingRequired: 10,
  stakePrice: { amount, factorPercent, text },
});

describe('stakePriceLine and issueStakeLine', () => {
  it("say the contributor's price and why, and the issue's own stake beside it", () => {
    const issue = priced(20, 200, '20 coins: 2x while your account is new (under 30 days)');
    expect(stakePriceLine(issue)).toBe(
      'You stake 20 coins: 2x while your account is new (under 30 days)',
    );
    expect(issueStakeLine(issue)).toBe('Issue stake: 10 coins');
  });

  it("a discount shows the issue's stake too", () => {
    expect(issueStakeLine(priced(5, 50, '5 coins: 0.5x for XP from 3 or more'))).toBe(
      'Issue stake: 10 coins',
    );
  });

  it("say the issue's stake once when the contributor pays it as it is", () => {
    const issue = priced(10, 100, '10 coins');
    expect(stakePriceLine(issue)).toBe('You stake 10 coins');
    expect(issueStakeLine(issue)).toBeNull();
  });
});
