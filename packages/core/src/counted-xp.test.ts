import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  XP_LIMIT_PER_MAINTAINER,
  XP_LIMIT_PER_ORGANIZATION,
  countXp,
  countedXpSummary,
  repositoryStanding,
  type RepositoryStanding,
  type XpAllowance,
} from './counted-xp';

const at = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(at.getTime() - days * 86_400_000).toISOString();
const full: RepositoryStanding = { level: 'established', percent: 100 };
const allowance = (over: Partial<XpAllowance> = {}): XpAllowance => ({
  standing: full,
  countedFromMaintainer: 0,
  countedFromOrganization: 0,
  ...over,
});

const standingArb = fc.constantFrom<RepositoryStanding>(
  { level: 'none', percent: 0 },
  { level: 'some', percent: 50 },
  full,
);
const allowanceArb = fc.record({
  standing: standingArb,
  countedFromMaintainer: fc.integer({ min: 0, max: 2 * XP_LIMIT_PER_MAINTAINER }),
  countedFromOrganization: fc.integer({ min: 0, max: 2 * XP_LIMIT_PER_ORGANIZATION }),
});
const offeredArb = fc.integer({ min: 0, max: 1_000 });

describe("a repository's standing", () => {
  it('a new repository nobody starred or forked has none; one with a little interest, half once a month old; ten stars and forks, full', () => {
    expect(
      repositoryStanding({ stargazersCount: 0, forksCount: 0, createdAt: daysAgo(900) }, at),
    ).toEqual({ level: 'none', percent: 0 });
    expect(
      repositoryStanding({ stargazersCount: 3, forksCount: 0, createdAt: daysAgo(2) }, at).level,
    ).toBe('none');
    expect(
      repositoryStanding({ stargazersCount: 3, forksCount: 1, createdAt: daysAgo(31) }, at),
    ).toEqual({ level: 'some', percent: 50 });
    expect(
      repositoryStanding({ stargazersCount: 6, forksCount: 4, createdAt: daysAgo(1) }, at),
    ).toEqual({ level: 'established', percent: 100 });
  });

  it('never pays more for less interest or a younger repository', () => {
    fc.assert(
      fc.property(
        fc.nat(40),
        fc.nat(40),
        fc.nat(400),
        fc.nat(5),
        fc.nat(5),
        fc.nat(100),
        (stars, forks, age, moreStars, moreForks, older) => {
          const low = repositoryStanding(
            { stargazersCount: stars, forksCount: forks, createdAt: daysAgo(age) },
            at,
          );
          const high = repositoryStanding(
            {
              stargazersCount: stars + moreStars,
              forksCount: forks + moreForks,
              createdAt: daysAgo(age + older),
            },
            at,
          );
          expect(high.percent).toBeGreaterThanOrEqual(low.percent);
        },
      ),
    );
  });
});

describe('the XP of a merge that counts', () => {
  it('counts all of it from an established repository within the limits', () => {
    expect(countXp(204, allowance())).toEqual({
      offered: 204,
      counted: 204,
      uncounted: 0,
      reason: null,
      coins: 408,
    });
  });

  it('says which limit cut it, in the words the merge dialog shows', () => {
    const cut = countXp(204, allowance({ countedFromMaintainer: 180 }));
    expect(cut).toMatchObject({
      counted: 120,
      uncounted: 84,
      reason: 'maintainer_limit',
      coins: 240,
    });
    expect(countedXpSummary(cut)).toBe(
      'counts 120 of 204 XP: monthly limit from this maintainer reached',
    );
    expect(countXp(204, allowance({ countedFromOrganization: 550 }))).toMatchObject({
      counted: 50,
      reason: 'organization_limit',
    });
    expect(countXp(204, allowance({ standing: { level: 'none', percent: 0 } }))).toMatchObject({
      counted: 0,
      reason: 'no_standing',
      coins: 0,
    });
    expect(countXp(204, allowance({ standing: { level: 'some', percent: 50 } }))).toMatchObject({
      counted: 102,
      reason: 'some_standing',
    });
    expect(countedXpSummary(countXp(30, allowance()))).toBeNull();
  });

  it('never counts more than offered, nor below zero, and the coins are twice what counts', () => {
    fc.assert(
      fc.property(offeredArb, allowanceArb, (offered, a) => {
        const c = countXp(offered, a);
        expect(c.counted).toBeGreaterThanOrEqual(0);
        expect(c.counted).toBeLessThanOrEqual(offered);
        expect(c.counted + c.uncounted).toBe(offered);
        expect(c.coins).toBe(2 * c.counted);
        expect(c.reason === null).toBe(c.counted === offered);
      }),
    );
  });

  it('is monotone: more offered never counts less, more already counted never counts more', () => {
    fc.assert(
      fc.property(
        offeredArb,
        fc.nat(300),
        allowanceArb,
        fc.nat(300),
        fc.nat(300),
        (offered, more, a, m, o) => {
          expect(countXp(offered + more, a).counted).toBeGreaterThanOrEqual(
            countXp(offered, a).counted,
          );
          const used = {
            ...a,
            countedFromMaintainer: a.countedFromMaintainer + m,
            countedFromOrganization: a.countedFromOrganization + o,
          };
          expect(countXp(offered, used).counted).toBeLessThanOrEqual(countXp(offered, a).counted);
        },
      ),
    );
  });

  it('any run of merges from one maintainer within the window counts at most their limit, and from one organization at most its limit', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(offeredArb, fc.nat(2)), { maxLength: 40 }), (merges) => {
        // Up to three maintainers of one organization, each merge counted against what came before.
        const byMaintainer = [0, 0, 0];
        let byOrganization = 0;
        for (const [offered, maintainer] of merges) {
          const c = countXp(
            offered,
            allowance({
              countedFromMaintainer: byMaintainer[maintainer]!,
              countedFromOrganization: byOrganization,
            }),
          );
          byMaintainer[maintainer]! += c.counted;
          byOrganization += c.counted;
        }
        for (const total of byMaintainer)
          expect(total).toBeLessThanOrEqual(XP_LIMIT_PER_MAINTAINER);
        expect(byOrganization).toBeLessThanOrEqual(XP_LIMIT_PER_ORGANIZATION);
      }),
    );
  });
});
