import { describe, expect, it } from 'vitest';

import { stakeOutcomeText, type SettledStakeFigures } from './stake-outcome';

const stake: SettledStakeFigures = {
  status: 'pending',
  amount: 5,
  coinsEarned: 0,
  xpEarned: 0,
  coinsLost: 0,
};

describe('stakeOutcomeText', () => {
  it('an accepted stake: the coins and the XP it earned', () => {
    expect(
      stakeOutcomeText({ ...stake, status: 'accepted', coinsEarned: 1250, xpEarned: 25 }),
    ).toEqual({
      tone: 'positive',
      primary: '+1,250 coins',
      secondary: '+25 XP',
    });
  });

  it('a rejected stake: the deduction lost, in the singular for one coin, and the rest refunded', () => {
    expect(stakeOutcomeText({ ...stake, status: 'rejected', coinsLost: 1 })).toEqual({
      tone: 'negative',
      primary: '-1 coin',
      secondary: '4 coins refunded',
    });
    expect(
      stakeOutcomeText({ ...stake, status: 'rejected', amount: 20, coinsLost: 2 }),
    ).toMatchObject({ primary: '-2 coins', secondary: '18 coins refunded' });
  });

  it('an expired stake, or a rejection that deducted nothing: the whole stake came back, no loss', () => {
    const refunded = { tone: 'neutral', primary: '5 coins refunded in full', secondary: null };
    expect(stakeOutcomeText({ ...stake, status: 'expired' })).toEqual(refunded);
    expect(stakeOutcomeText({ ...stake, status: 'rejected', coinsLost: 0 })).toEqual(refunded);
    expect(stakeOutcomeText({ ...stake, status: 'expired', amount: 1 }).primary).toBe(
      '1 coin refunded in full',
    );
  });

  it('a pending stake is Pending', () => {
    expect(stakeOutcomeText(stake)).toEqual({
      tone: 'pending',
      primary: 'Pending',
      secondary: null,
    });
  });
});
