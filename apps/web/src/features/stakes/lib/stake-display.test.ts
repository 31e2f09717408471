import type { Stake } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import {
  signedFigure,
  splitFullName,
  stakeHistoryRow,
  stakeOutcome,
  stakeStatusVariant,
} from './stake-display';

const base: Stake = {
  _id: 's1',
  status: 'pending',
  issueId: 101,
  issueNumber: 7,
  issueTitle: 'Fix the widget',
  repository: 'acme/widgets',
  amount: 10,
  createdAt: '2025-03-01T10:00:00.000Z',
  settledAt: null,
  coinsEarned: 0,
  xpEarned: 0,
  coinsLost: 0,
  bountyEarned: 0,
  xpUncounted: 0,
  xpLimitReason: null,
  prUrl: 'https://github.com/acme/widgets/pull/8',
};

describe('stakeOutcome', () => {
  it('shows coins and XP earned for an accepted stake', () => {
    expect(stakeOutcome({ ...base, status: 'accepted', coinsEarned: 30, xpEarned: 15 })).toEqual({
      tone: 'positive',
      primary: '+30 coins',
      secondary: '+15 XP',
      bounty: null,
      note: null,
    });
  });

  it('says how much XP a limit held back, and which', () => {
    expect(
      stakeOutcome({
        ...base,
        status: 'accepted',
        coinsEarned: 192,
        xpEarned: 96,
        xpUncounted: 108,
        xpLimitReason: 'maintainer_limit',
      }),
    ).toMatchObject({
      secondary: '+96 XP',
      note: '108 XP not counted: monthly limit from this maintainer reached',
    });
  });

  it('names the bounty inside the coins earned when the stake won one', () => {
    expect(
      stakeOutcome({
        ...base,
        status: 'accepted',
        coinsEarned: 130,
        xpEarned: 15,
        bountyEarned: 100,
      }),
    ).toMatchObject({ primary: '+130 coins', bounty: 'incl. 100 coins bounty' });
  });

  it('shows what was really lost for a rejected stake, and the rest refunded', () => {
    expect(stakeOutcome({ ...base, status: 'rejected', amount: 5, coinsLost: 1 })).toEqual({
      tone: 'negative',
      primary: '-1 coin',
      secondary: '4 coins refunded',
      bounty: null,
      note: null,
    });
  });

  it('shows a rejected stake with no deduction as refunded in full, no loss', () => {
    expect(stakeOutcome({ ...base, status: 'rejected', coinsLost: 0 })).toEqual({
      tone: 'neutral',
      primary: '10 coins refunded in full',
      secondary: null,
      bounty: null,
      note: null,
    });
    expect(stakeStatusVariant({ ...base, status: 'rejected', coinsLost: 0 })).toBe('secondary');
    expect(stakeStatusVariant({ ...base, status: 'rejected', coinsLost: 1 })).toBe('destructive');
  });

  it('shows an expired stake as the whole stake refunded, not as 0 coins', () => {
    expect(stakeOutcome({ ...base, status: 'expired', amount: 5 })).toEqual({
      tone: 'neutral',
      primary: '5 coins refunded in full',
      secondary: null,
      bounty: null,
      note: null,
    });
  });

  it('shows a pending stake as Pending', () => {
    expect(stakeOutcome(base)).toEqual({
      tone: 'pending',
      primary: 'Pending',
      secondary: null,
      bounty: null,
      note: null,
    });
  });
});

describe('stakeHistoryRow', () => {
  it('splits the repository and leaves a pending stake undecided', () => {
    expect(stakeHistoryRow(base)).toEqual({
      owner: 'acme',
      repository: 'widgets',
      coinsStaked: 10,
      coinsGained: null,
      xpGained: null,
      closedAt: null,
    });
  });

  it('gains coins and XP when accepted', () => {
    const settledAt = '2025-03-04T10:00:00.000Z';
    expect(
      stakeHistoryRow({ ...base, status: 'accepted', coinsEarned: 30, xpEarned: 15, settledAt }),
    ).toMatchObject({ coinsGained: 30, xpGained: 15, closedAt: settledAt });
  });

  it('gains a negative amount when rejected with a deduction', () => {
    expect(
      stakeHistoryRow({ ...base, status: 'rejected', coinsLost: 2, settledAt: '2025-03-04' }),
    ).toMatchObject({ coinsGained: -2, xpGained: 0, closedAt: '2025-03-04' });
  });

  it('gains nothing when expired, and never -0', () => {
    const row = stakeHistoryRow({ ...base, status: 'rejected', coinsLost: 0, settledAt: 'x' });
    expect(Object.is(row.coinsGained, 0)).toBe(true);
    expect(stakeHistoryRow({ ...base, status: 'expired', settledAt: 'x' })).toMatchObject({
      coinsGained: 0,
      xpGained: 0,
    });
  });
});

describe('splitFullName', () => {
  it('splits at the first slash', () => {
    expect(splitFullName('acme/widgets')).toEqual({ owner: 'acme', repository: 'widgets' });
    expect(splitFullName('widgets')).toEqual({ owner: '', repository: 'widgets' });
    expect(splitFullName('/widgets')).toEqual({ owner: '', repository: '/widgets' });
  });
});

describe('signedFigure', () => {
  it('signs gains and losses', () => {
    expect(signedFigure(5)).toBe('+5');
    expect(signedFigure(-3)).toBe('-3');
    expect(signedFigure(0)).toBe('0');
    expect(signedFigure(null)).toBe('—');
  });
});
