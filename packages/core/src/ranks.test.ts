import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RANKS,
  RANK_BADGE_COLORS,
  RANK_NAMES,
  directoryProgressPercent,
  landingRankForXp,
  nextRankThreshold,
  overviewProgressPercent,
  profileProgressPercent,
  rankForXp,
  xpToNextRank,
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
    expect(() => overviewProgressPercent(xp)).toThrow(RangeError);
    expect(() => profileProgressPercent(xp)).toThrow(RangeError);
    expect(() => directoryProgressPercent(xp)).toThrow(RangeError);
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

describe('nextRankThreshold and xpToNextRank', () => {
  it.each([
    [0, 100, 100],
    [99, 100, 1],
    [100, 500, 400],
    [750, 1500, 750],
    [1500, 3000, 1500],
    [3000, 5000, 2000],
    [4999, 5000, 1],
  ])('at %i XP the next rank is at %i, %i XP away', (xp, threshold, remaining) => {
    expect(nextRankThreshold(xp)).toBe(threshold);
    expect(xpToNextRank(xp)).toBe(remaining);
  });

  it('is null / Max at the top rank', () => {
    expect(nextRankThreshold(5000)).toBeNull();
    expect(xpToNextRank(5000)).toBe('Max');
    expect(xpToNextRank(99_999)).toBe('Max');
  });

  it('reaching the threshold moves to the next rank', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4999 }), (xp) => {
        const remaining = xpToNextRank(xp);
        if (remaining === 'Max') throw new Error('below 5000 there is always a next rank');
        expect(remaining).toBeGreaterThan(0);
        expect(rankForXp(xp + remaining - 1)).toBe(rankForXp(xp));
        expect(rankForXp(xp + remaining)).not.toBe(rankForXp(xp));
      }),
    );
  });
});

describe('overviewProgressPercent', () => {
  it.each([
    [0, 0],
    [123, 12.3],
    [999, 99.9],
    [1000, 0],
    [2500, 50],
    [7250, 25],
  ])('%i XP gives %d %%', (xp, percent) => {
    expect(overviewProgressPercent(xp)).toBe(percent);
  });

  it('stays in [0, 100)', () => {
    fc.assert(
      fc.property(xpArb, (xp) => {
        const p = overviewProgressPercent(xp);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThan(100);
      }),
    );
  });
});

describe('profileProgressPercent', () => {
  it.each([
    [0, 0],
    [50, 50],
    [100, 20],
    [250, 50],
    [1200, 80],
    [1500, 50],
    [4000, 80],
  ])('%i XP gives %d %%', (xp, percent) => {
    expect(profileProgressPercent(xp)).toBe(percent);
  });

  it('is null (bar hidden) at the top rank', () => {
    expect(profileProgressPercent(5000)).toBeNull();
    expect(profileProgressPercent(10_000)).toBeNull();
  });

  it('stays in [0, 100) below the top rank', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4999 }), (xp) => {
        const p = profileProgressPercent(xp);
        expect(p).not.toBeNull();
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThan(100);
      }),
    );
  });
});

describe('directoryProgressPercent', () => {
  it.each([
    [0, 0],
    [50, 50],
    [100, 0],
    [300, 50],
    [1000, 50],
    [2250, 50],
    [3500, 25],
    [5000, 100],
    [80_000, 100],
  ])('%i XP gives %d %%', (xp, percent) => {
    expect(directoryProgressPercent(xp)).toBe(percent);
  });

  it('stays in [0, 100] and is 0 at the start of every rank below the top', () => {
    fc.assert(
      fc.property(xpArb, (xp) => {
        const p = directoryProgressPercent(xp);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
      }),
    );
    for (const rank of RANKS.slice(0, -1)) expect(directoryProgressPercent(rank.minXp)).toBe(0);
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
