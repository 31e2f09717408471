import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RANKS,
  RANK_BADGE_COLORS,
  RANK_NAMES,
  landingRankForXp,
  rankForXp,
  rankProgress,
} from './ranks';

const xpArb = fc.integer({ min: 0, max: 1_000_000 });

describe('rankForXp', () => {
  it.each([
    [0, 'Code Novice'],
    [99, 'Code Novice'],
    [100, 'Code Apprentice'],
    [499, 'Code Apprentice'],
    [500, 'Code Contributor'],
    [1499, 'Code Contributor'],
    [1500, 'Code Master'],
    [2999, 'Code Master'],
    [3000, 'Code Expert'],
    [4999, 'Code Expert'],
    [5000, 'Open Source Legend'],
    [123_456, 'Open Source Legend'],
  ])('%i XP is %s', (xp, name) => {
    expect(rankForXp(xp)).toBe(name);
  });

  it('never goes down as XP grows', () => {
    fc.assert(
      fc.property(xpArb, xpArb, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(RANK_NAMES.indexOf(rankForXp(low))).toBeLessThanOrEqual(
          RANK_NAMES.indexOf(rankForXp(high)),
        );
      }),
    );
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s XP', (xp) => {
    expect(() => rankForXp(xp)).toThrow(RangeError);
    expect(() => rankProgress(xp)).toThrow(RangeError);
  });
});

describe('landingRankForXp', () => {
  it.each([
    [0, 'Rookie'],
    [150, 'Builder'],
    [500, 'Contributor'],
    [1500, 'Merge Master'],
    [3500, 'Code Expert'],
    [5000, 'Open Source Legend'],
  ])('%i XP is %s on the landing page', (xp, name) => {
    expect(landingRankForXp(xp)).toBe(name);
  });

  it('covers the same ranges as the in-app names', () => {
    fc.assert(
      fc.property(xpArb, (xp) => {
        const inApp = RANKS.findIndex((r) => r.name === rankForXp(xp));
        const landing = RANKS.findIndex((r) => r.landingName === landingRankForXp(xp));
        expect(landing).toBe(inApp);
      }),
    );
  });
});

describe('rankProgress', () => {
  it.each([
    // xp, rank start, next threshold, percent, to go
    [0, 0, 100, 0, 100],
    [80, 0, 100, 80, 20],
    [99, 0, 100, 99, 1],
    [100, 100, 500, 20, 400],
    [131, 100, 500, 26, 369],
    [750, 500, 1500, 50, 750],
    [1500, 1500, 3000, 50, 1500],
    [3000, 3000, 5000, 60, 2000],
    [4999, 3000, 5000, 99, 1],
  ])('at %i XP: rank from %i, next at %i, %i %%, %i to go', (xp, rankMin, next, percent, toGo) => {
    expect(rankProgress(xp)).toEqual({
      xp,
      rank: rankForXp(xp),
      rankMin,
      next,
      nextRank: rankForXp(next),
      percent,
      toGo,
    });
  });

  it('has no next rank at the top: a full bar and nothing to go', () => {
    for (const xp of [5000, 99_999]) {
      expect(rankProgress(xp)).toEqual({
        xp,
        rank: 'Open Source Legend',
        rankMin: 5000,
        next: null,
        nextRank: null,
        percent: 100,
        toGo: 0,
      });
    }
  });

  it('the bar is the label: percent is xp / next, and xp + toGo is next', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4999 }), (xp) => {
        const p = rankProgress(xp);
        if (p.next === null) throw new Error('below 5000 there is always a next rank');
        expect(p.percent).toBe(Math.floor((100 * xp) / p.next));
        expect(p.percent).toBeGreaterThanOrEqual(0);
        expect(p.percent).toBeLessThan(100);
        expect(xp + p.toGo).toBe(p.next);
        expect(p.rankMin).toBeLessThanOrEqual(xp);
      }),
    );
  });

  it('reaching the threshold moves to the next rank', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4999 }), (xp) => {
        const { toGo, nextRank } = rankProgress(xp);
        expect(toGo).toBeGreaterThan(0);
        expect(rankForXp(xp + toGo - 1)).toBe(rankForXp(xp));
        expect(rankForXp(xp + toGo)).toBe(nextRank);
      }),
    );
  });
});

describe('RANK_BADGE_COLORS', () => {
  it('has one distinct class string per rank', () => {
    const classes = RANK_NAMES.map((name) => RANK_BADGE_COLORS[name]);
    expect(classes).toHaveLength(6);
    expect(new Set(classes).size).toBe(6);
    for (const c of classes) expect(c).toMatch(/^bg-\w+-\d+ text-\w+-\d+$/);
  });
});
