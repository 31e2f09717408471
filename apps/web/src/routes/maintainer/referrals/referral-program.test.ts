import { describe, expect, it } from 'vitest';

import {
  referralLink,
  REWARD_TIERS,
  SAMPLE_STATS,
  tierFor,
  tierLabel,
  totalReward,
} from './referral-program';

describe('referral reward tiers', () => {
  it('pays $30 for 1-5, $40 for 6-15 and $50 from 16', () => {
    expect(REWARD_TIERS.map((tier) => [tierLabel(tier), tier.reward])).toEqual([
      ['1-5 referrals', 30],
      ['6-15 referrals', 40],
      ['16+ referrals', 50],
    ]);
    expect(tierFor(0)).toBeNull();
    expect(tierFor(5)?.reward).toBe(30);
    expect(tierFor(6)?.reward).toBe(40);
    expect(tierFor(15)?.reward).toBe(40);
    expect(tierFor(16)?.reward).toBe(50);
    expect(tierFor(500)?.reward).toBe(50);
  });

  it('pays each referral at the rate of its own tier', () => {
    expect(totalReward(0)).toBe(0);
    expect(totalReward(5)).toBe(150);
    expect(totalReward(8)).toBe(270);
    expect(totalReward(16)).toBe(150 + 400 + 50);
  });

  it('has consistent sample figures: 8 of 15', () => {
    expect(SAMPLE_STATS.converted).toBe(8);
    expect(SAMPLE_STATS.progressGoal).toBe(15);
    expect(SAMPLE_STATS.converted + SAMPLE_STATS.pending).toBeLessThanOrEqual(SAMPLE_STATS.total);
  });

  it('builds the sign-up link with the code', () => {
    expect(referralLink('https://openstake.test', 'AB C')).toBe(
      'https://openstake.test/signUp?ref=AB+C',
    );
  });
});
