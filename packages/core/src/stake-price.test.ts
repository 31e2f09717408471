import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  STAKE_FACTOR_CEILING_PERCENT,
  STAKE_FACTOR_FLOOR_PERCENT,
  stakePrice,
  stakePriceText,
  type StakeStanding,
} from './stake-price';

/** Years on GitHub and on OpenStake, nothing against them, no XP: the stake as it is. */
const SETTLED: StakeStanding = {
  githubAccountAgeDays: 2_000,
  accountAgeDays: 400,
  recentRejections: 0,
  recentSpamMarks: 0,
  xp: 0,
  independentMaintainers: 0,
};

const bases = fc.integer({ min: 1, max: 100_000 });
const standings: fc.Arbitrary<StakeStanding> = fc.record({
  githubAccountAgeDays: fc.integer({ min: 0, max: 6_000 }),
  accountAgeDays: fc.integer({ min: 0, max: 3_000 }),
  recentRejections: fc.integer({ min: 0, max: 20 }),
  recentSpamMarks: fc.integer({ min: 0, max: 20 }),
  xp: fc.integer({ min: 0, max: 10_000 }),
  independentMaintainers: fc.integer({ min: 0, max: 30 }),
});

/** Inputs that only ever raise the price as they grow, and those that only ever lower it. */
const RAISING = ['recentRejections', 'recentSpamMarks'] as const;
const LOWERING = [
  'githubAccountAgeDays',
  'accountAgeDays',
  'xp',
  'independentMaintainers',
] as const;

describe('stakePrice', () => {
  it("asks the issue's own stake of a settled contributor, and says nothing more", () => {
    const price = stakePrice(10, SETTLED);
    expect(price).toEqual({ amount: 10, base: 10, factorPercent: 100, reasons: [] });
    expect(stakePriceText(price)).toBe('10 coins');
  });

  it('doubles while the account is new, and says so', () => {
    const price = stakePrice(10, { ...SETTLED, accountAgeDays: 3 });
    expect(price).toMatchObject({ amount: 20, factorPercent: 200 });
    expect(stakePriceText(price)).toBe('20 coins: 2x while your account is new (under 30 days)');
  });

  it('adds up a new GitHub account, a new account, rejections and spam marks', () => {
    expect(
      stakePrice(10, { ...SETTLED, githubAccountAgeDays: 5, accountAgeDays: 5 }),
    ).toMatchObject({ amount: 30, factorPercent: 300 });
    const rejected = stakePrice(10, { ...SETTLED, recentRejections: 1 });
    expect(rejected).toMatchObject({ amount: 15, factorPercent: 150 });
    expect(stakePriceText(rejected)).toBe(
      '15 coins: 1.5x for 1 stake rejected in the last 90 days',
    );
    expect(stakePrice(10, { ...SETTLED, recentSpamMarks: 2 })).toMatchObject({
      amount: 30,
      factorPercent: 300,
    });
  });

  it('stops at four times the stake however much is against the contributor', () => {
    const worst = stakePrice(10, {
      ...SETTLED,
      githubAccountAgeDays: 0,
      accountAgeDays: 0,
      recentRejections: 10,
      recentSpamMarks: 10,
    });
    expect(worst).toMatchObject({ amount: 40, factorPercent: STAKE_FACTOR_CEILING_PERCENT });
    expect(worst.reasons.map((r) => r.kind)).toEqual([
      'new_github_account',
      'new_account',
      'recent_rejections',
      'spam_marks',
    ]);
  });

  it('lowers the stake for XP from independent maintainers, down to half', () => {
    const contributor = { ...SETTLED, xp: 500, independentMaintainers: 2 };
    expect(stakePrice(10, contributor)).toMatchObject({ amount: 8, factorPercent: 75 });
    const master = { ...SETTLED, xp: 1_500, independentMaintainers: 3 };
    const price = stakePrice(10, master);
    expect(price).toMatchObject({ amount: 5, factorPercent: STAKE_FACTOR_FLOOR_PERCENT });
    expect(stakePriceText(price)).toBe(
      '5 coins: 0.5x for XP from 3 or more independent maintainers',
    );
    // Rank from a single maintainer (a pair of accounts, decision 012) lowers nothing.
    expect(stakePrice(10, { ...SETTLED, xp: 5_000, independentMaintainers: 1 })).toMatchObject({
      amount: 10,
      factorPercent: 100,
    });
    // A proven contributor's rejection still costs them, at the discounted rate.
    expect(stakePrice(10, { ...master, recentRejections: 1 })).toMatchObject({
      amount: 8,
      factorPercent: 75,
    });
  });

  it('never asks less than the floor or more than the ceiling, and always at least 1 coin', () => {
    fc.assert(
      fc.property(bases, standings, (base, standing) => {
        const { amount, factorPercent } = stakePrice(base, standing);
        expect(Number.isSafeInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(1);
        expect(factorPercent).toBeGreaterThanOrEqual(STAKE_FACTOR_FLOOR_PERCENT);
        expect(factorPercent).toBeLessThanOrEqual(STAKE_FACTOR_CEILING_PERCENT);
        expect(amount * 100).toBeGreaterThanOrEqual(base * STAKE_FACTOR_FLOOR_PERCENT);
        expect(amount).toBeLessThanOrEqual(Math.ceil((base * STAKE_FACTOR_CEILING_PERCENT) / 100));
      }),
    );
  });

  it('is monotone in each input: what counts against never lowers it, standing never raises it', () => {
    fc.assert(
      fc.property(
        bases,
        standings,
        fc.constantFrom(...RAISING, ...LOWERING),
        fc.integer({ min: 1, max: 5_000 }),
        (base, standing, input, more) => {
          const before = stakePrice(base, standing).amount;
          const after = stakePrice(base, { ...standing, [input]: standing[input] + more }).amount;
          if ((RAISING as readonly string[]).includes(input)) {
            expect(after).toBeGreaterThanOrEqual(before);
          } else {
            expect(after).toBeLessThanOrEqual(before);
          }
        },
      ),
    );
  });

  it('is monotone in the issue stake', () => {
    fc.assert(
      fc.property(bases, standings, fc.integer({ min: 1, max: 1_000 }), (base, standing, more) => {
        expect(stakePrice(base + more, standing).amount).toBeGreaterThanOrEqual(
          stakePrice(base, standing).amount,
        );
      }),
    );
  });

  it('refuses what cannot be a stake or a standing', () => {
    expect(() => stakePrice(0, SETTLED)).toThrow(RangeError);
    expect(() => stakePrice(2.5, SETTLED)).toThrow(RangeError);
    expect(() => stakePrice(10, { ...SETTLED, recentRejections: -1 })).toThrow(RangeError);
    expect(() => stakePrice(10, { ...SETTLED, xp: Number.NaN })).toThrow(RangeError);
  });
});
