import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPLEXITY_FACTORS,
  COMPLEXITY_FACTOR_IDS,
  FEEDBACK_TAGS,
  FEEDBACK_TAG_IDS,
  MAX_FEEDBACK_XP,
  MAX_RATING_SCORE,
  MERGE_BONUSES,
  MIN_FEEDBACK_XP,
  MERGE_BONUS_IDS,
  RATING_CRITERIA,
  RATING_CRITERION_IDS,
  RATING_WORDS,
  canSubmitFeedback,
  computeMergeReward,
  mergeFeedbackSchema,
  mergeXpRange,
  ratingWord,
  scoreBadgeColor,
  type MergeFeedback,
  type Ratings,
} from './merge-feedback';

const ratings = (...values: [number, number, number, number, number]): Ratings => ({
  codeQuality: values[0],
  documentation: values[1],
  testing: values[2],
  performance: values[3],
  security: values[4],
});

const feedback = (over: Partial<MergeFeedback> = {}): MergeFeedback => ({
  ratings: ratings(0, 0, 0, 0, 0),
  tags: [],
  complexity: [],
  bonuses: [],
  ...over,
});

const ratingArb = fc.integer({ min: 0, max: 5 });
const ratingsArb = fc.record({
  codeQuality: ratingArb,
  documentation: ratingArb,
  testing: ratingArb,
  performance: ratingArb,
  security: ratingArb,
});
const feedbackArb = fc.record({
  ratings: ratingsArb,
  tags: fc.subarray([...FEEDBACK_TAG_IDS]),
  complexity: fc.subarray([...COMPLEXITY_FACTOR_IDS]),
  bonuses: fc.subarray([...MERGE_BONUS_IDS]),
});

describe('constants', () => {
  it("carry the product's labels and values", () => {
    expect(RATING_CRITERIA.map((c) => c.label)).toEqual([
      'Code Quality & Standards',
      'Documentation & Comments',
      'Testing Coverage',
      'Performance Impact',
      'Security Considerations',
    ]);
    expect(RATING_CRITERIA.map((c) => c.id)).toEqual([...RATING_CRITERION_IDS]);
    expect(Object.fromEntries(FEEDBACK_TAGS.map((t) => [t.label, t.xp]))).toEqual({
      'UI Fix': 10,
      Docs: 5,
      'Major Backend Change': 20,
      'Normal Backend Change': 15,
      'Accessibility Improvement': 8,
      'Code Cleanup': 7,
      'Bug Fix': 12,
      'Deployment Script': 6,
    });
    expect(FEEDBACK_TAGS.map((t) => t.id)).toEqual([...FEEDBACK_TAG_IDS]);
    expect(Object.fromEntries(COMPLEXITY_FACTORS.map((f) => [f.label, f.multiplier]))).toEqual({
      'Affects fewer than 3 files': 1,
      'Affects multiple modules': 1.5,
      'Refactors or optimizes existing logic': 1.2,
      'Introduces a new module': 1.8,
      'Involves test cases or performance boost': 1.3,
      'Changes CI/CD config': 1.1,
      'Impacts user-facing flows': 1.6,
    });
    expect(COMPLEXITY_FACTORS.map((f) => f.id)).toEqual([...COMPLEXITY_FACTOR_IDS]);
    expect(Object.fromEntries(MERGE_BONUSES.map((b) => [b.label, b.xp]))).toEqual({
      'Issue was bounty-backed': 10,
      'PR merged within 24 to 48 hours': 5,
      'Contributor also reviewed other PRs': 5,
      'Contributor added meaningful tests': 10,
    });
    expect(MERGE_BONUSES.map((b) => b.id)).toEqual([...MERGE_BONUS_IDS]);
    expect(MAX_RATING_SCORE).toBe(25);
  });
});

describe('ratingWord', () => {
  it('has one word for each rating 0..5', () => {
    expect(RATING_WORDS).toHaveLength(6);
    expect([0, 1, 2, 3, 4, 5].map(ratingWord)).toEqual([
      'Not Rated',
      'Below Average',
      'Average',
      'Good',
      'Very Good',
      'Excellent',
    ]);
  });

  it.each([-1, 6, 2.5, Number.NaN])('refuses %s', (value) => {
    expect(() => ratingWord(value)).toThrow(RangeError);
  });
});

describe('computeMergeReward', () => {
  it('Bug Fix + UI Fix, new module, all ratings 5, bounty-backed', () => {
    // tags 12 + 10 = 22; 22 x 1.8 = 39.6 -> 40; ratings 25; bonus 10 -> 75 XP, 150 coins
    expect(
      computeMergeReward(
        feedback({
          ratings: ratings(5, 5, 5, 5, 5),
          tags: ['bugFix', 'uiFix'],
          complexity: ['newModule'],
          bonuses: ['bountyBacked'],
        }),
      ),
    ).toEqual({
      ratingTotal: 25,
      tagTotal: 22,
      multiplier: 1.8,
      bonusTotal: 10,
      xp: 75,
      coins: 150,
    });
  });

  it('ratings only: multiplier defaults to 1', () => {
    expect(computeMergeReward(feedback({ ratings: ratings(3, 4, 2, 5, 1) }))).toEqual({
      ratingTotal: 15,
      tagTotal: 0,
      multiplier: 1,
      bonusTotal: 0,
      xp: 15,
      coins: 30,
    });
  });

  it('the largest of several multipliers applies', () => {
    // tags 20 + 7 = 27; max(1, 1.1) = 1.1; 27 x 1.1 = 29.7 -> 30; ratings 10; bonuses 5 + 5
    expect(
      computeMergeReward(
        feedback({
          ratings: ratings(2, 2, 2, 2, 2),
          tags: ['majorBackendChange', 'codeCleanup'],
          complexity: ['fewerThanThreeFiles', 'ciCdConfig'],
          bonuses: ['mergedWithin48Hours', 'reviewedOtherPrs'],
        }),
      ),
    ).toEqual({
      ratingTotal: 10,
      tagTotal: 27,
      multiplier: 1.1,
      bonusTotal: 10,
      xp: 50,
      coins: 100,
    });
  });

  it('everything selected', () => {
    // tags 83; max multiplier 1.8; 83 x 1.8 = 149.4 -> 149; ratings 25; bonuses 30 -> 204
    const reward = computeMergeReward({
      ratings: ratings(5, 5, 5, 5, 5),
      tags: [...FEEDBACK_TAG_IDS],
      complexity: [...COMPLEXITY_FACTOR_IDS],
      bonuses: [...MERGE_BONUS_IDS],
    });
    expect(reward).toEqual({
      ratingTotal: 25,
      tagTotal: 83,
      multiplier: 1.8,
      bonusTotal: 30,
      xp: 204,
      coins: 408,
    });
  });

  it.each([
    // [tags, complexity, XP from tags]
    [['docs'], ['testsOrPerformance'], 7], // 5 x 1.3 = 6.5 -> 7
    [['docs'], ['multipleModules'], 8], // 5 x 1.5 = 7.5 -> 8
    [['normalBackendChange'], ['testsOrPerformance'], 20], // 15 x 1.3 = 19.5 -> 20 (not 19)
    [['deploymentScript'], ['ciCdConfig'], 7], // 6 x 1.1 = 6.6 -> 7
    [['accessibilityImprovement'], ['refactorsExistingLogic'], 10], // 8 x 1.2 = 9.6 -> 10
    [['codeCleanup'], ['userFacingFlows'], 11], // 7 x 1.6 = 11.2 -> 11
  ] as const)('rounds half up: %j x %j gives %i XP', (tags, complexity, xp) => {
    const reward = computeMergeReward(
      feedback({ ratings: ratings(1, 0, 0, 0, 0), tags: [...tags], complexity: [...complexity] }),
    );
    expect(reward.xp).toBe(xp + 1);
    expect(reward.coins).toBe(2 * (xp + 1));
  });

  it('counts a repeated id once when the schema was skipped', () => {
    const reward = computeMergeReward(
      feedback({ tags: ['bugFix', 'bugFix'], bonuses: ['bountyBacked', 'bountyBacked'] }),
    );
    expect(reward.tagTotal).toBe(12);
    expect(reward.bonusTotal).toBe(10);
    expect(reward.xp).toBe(22);
  });

  it('coins are always twice the XP, and both are non-negative integers', () => {
    fc.assert(
      fc.property(feedbackArb, (f) => {
        const r = computeMergeReward(f);
        expect(r.coins).toBe(2 * r.xp);
        expect(Number.isInteger(r.xp)).toBe(true);
        expect(r.xp).toBeGreaterThanOrEqual(r.ratingTotal + r.bonusTotal + r.tagTotal);
        expect(r.xp).toBe(Math.round(r.tagTotal * r.multiplier) + r.ratingTotal + r.bonusTotal);
      }),
    );
  });

  it('the multiplier is the largest selected one, or 1', () => {
    fc.assert(
      fc.property(feedbackArb, (f) => {
        const selected = COMPLEXITY_FACTORS.filter((c) => f.complexity.includes(c.id));
        expect(computeMergeReward(f).multiplier).toBe(
          Math.max(1, ...selected.map((c) => c.multiplier)),
        );
      }),
    );
  });

  it('XP never drops when any one rating goes up', () => {
    fc.assert(
      fc.property(
        feedbackArb,
        fc.constantFrom(...RATING_CRITERION_IDS),
        fc.integer({ min: 1, max: 5 }),
        (f, criterion, step) => {
          const raised = Math.min(5, f.ratings[criterion] + step);
          const higher = { ...f, ratings: { ...f.ratings, [criterion]: raised } };
          const delta = raised - f.ratings[criterion];
          expect(computeMergeReward(higher).xp).toBe(computeMergeReward(f).xp + delta);
        },
      ),
    );
  });

  it('adding a tag or a bonus never lowers the XP', () => {
    fc.assert(
      fc.property(
        feedbackArb,
        fc.constantFrom(...FEEDBACK_TAG_IDS),
        fc.constantFrom(...MERGE_BONUS_IDS),
        (f, tag, bonus) => {
          const before = computeMergeReward(f).xp;
          const withTag = { ...f, tags: f.tags.includes(tag) ? f.tags : [...f.tags, tag] };
          const withBonus = {
            ...f,
            bonuses: f.bonuses.includes(bonus) ? f.bonuses : [...f.bonuses, bonus],
          };
          expect(computeMergeReward(withTag).xp).toBeGreaterThanOrEqual(before);
          expect(computeMergeReward(withBonus).xp).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });
});

describe('canSubmitFeedback', () => {
  it('is false while every rating is 0 and true once any is set', () => {
    expect(canSubmitFeedback(ratings(0, 0, 0, 0, 0))).toBe(false);
    expect(canSubmitFeedback(ratings(0, 0, 0, 0, 1))).toBe(true);
    expect(canSubmitFeedback(ratings(5, 5, 5, 5, 5))).toBe(true);
  });
});

describe('scoreBadgeColor', () => {
  it.each([
    [25, 'green'],
    [20, 'green'], // exactly 80 %
    [19, 'blue'],
    [15, 'blue'], // exactly 60 %
    [14, 'yellow'],
    [10, 'yellow'], // exactly 40 %
    [9, 'red'],
    [0, 'red'],
  ])('%i of 25 is %s', (total, color) => {
    expect(scoreBadgeColor(total)).toBe(color);
  });
});

describe('mergeFeedbackSchema', () => {
  const valid = {
    ratings: { codeQuality: 4, documentation: 3, testing: 5, performance: 0, security: 2 },
    tags: ['bugFix', 'docs'],
    complexity: ['newModule'],
    bonuses: ['meaningfulTests'],
  };

  const messages = (input: unknown): string[] => {
    const result = mergeFeedbackSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a valid selection unchanged', () => {
    expect(mergeFeedbackSchema.parse(valid)).toEqual(valid);
  });

  it('accepts empty selections', () => {
    expect(
      mergeFeedbackSchema.safeParse({ ...valid, tags: [], complexity: [], bonuses: [] }).success,
    ).toBe(true);
  });

  it.each([6, -1])('refuses a rating of %i', (value) => {
    expect(messages({ ...valid, ratings: { ...valid.ratings, testing: value } })).toEqual([
      'Rating must be between 0 and 5',
    ]);
  });

  it('refuses a fractional rating', () => {
    expect(messages({ ...valid, ratings: { ...valid.ratings, security: 2.5 } })).toEqual([
      'Rating must be a whole number',
    ]);
  });

  it('refuses a missing or unknown criterion', () => {
    const { security: _dropped, ...missing } = valid.ratings;
    expect(messages({ ...valid, ratings: missing })).toEqual(['Rating is required']);
    expect(messages({ ...valid, ratings: { ...valid.ratings, security: '3' } })).toEqual([
      'Rating must be a number',
    ]);
    expect(messages({ ...valid, ratings: { ...valid.ratings, style: 3 } })).toEqual([
      'Unknown rating criteria: style',
    ]);
    expect(messages({ ...valid, ratings: 20 })).toEqual([
      'Ratings must be an object with the five criteria',
    ]);
  });

  it('refuses unknown ids with the list of known ones', () => {
    expect(messages({ ...valid, tags: ['bugFix', 'rewrite'] })).toEqual([
      'Unknown tag; expected one of uiFix, docs, majorBackendChange, normalBackendChange, accessibilityImprovement, codeCleanup, bugFix, deploymentScript',
    ]);
    expect(messages({ ...valid, complexity: ['huge'] })[0]).toMatch(/^Unknown complexity factor;/);
    expect(messages({ ...valid, bonuses: ['Issue was bounty-backed'] })[0]).toMatch(
      /^Unknown bonus;/,
    );
  });

  it('refuses repeated ids', () => {
    expect(messages({ ...valid, tags: ['docs', 'docs'] })).toEqual([
      'Each tag may be selected only once',
    ]);
    expect(messages({ ...valid, complexity: ['newModule', 'newModule'] })).toEqual([
      'Each complexity factor may be selected only once',
    ]);
    expect(messages({ ...valid, bonuses: ['bountyBacked', 'bountyBacked'] })).toEqual([
      'Each bonus may be selected only once',
    ]);
  });

  it('refuses a selection that is not a list', () => {
    expect(messages({ ...valid, tags: 'bugFix' })).toEqual(['Tags must be a list']);
    expect(messages({ ...valid, bonuses: undefined })).toEqual(['Bonuses must be a list']);
  });

  it('accepts every generated selection and computes from the parsed value', () => {
    fc.assert(
      fc.property(feedbackArb, (f) => {
        const parsed = mergeFeedbackSchema.parse(f);
        expect(computeMergeReward(parsed)).toEqual(computeMergeReward(f));
      }),
    );
  });
});

describe('the XP a merge can pay', () => {
  it('spans 1 XP (one rating of 1) to 204 XP (everything at its most)', () => {
    expect(MIN_FEEDBACK_XP).toBe(1);
    // round(83 tag XP x 1.8) + 25 + 30 = 149 + 25 + 30.
    expect(MAX_FEEDBACK_XP).toBe(204);
  });

  it('holds every feedback the dialog can submit', () => {
    fc.assert(
      fc.property(feedbackArb, (f) => {
        fc.pre(canSubmitFeedback(f.ratings));
        const { xp } = computeMergeReward(f);
        expect(xp).toBeGreaterThanOrEqual(MIN_FEEDBACK_XP);
        expect(xp).toBeLessThanOrEqual(MAX_FEEDBACK_XP);
      }),
    );
  });

  it("takes in the issue's own XP, which a merge seen only on GitHub pays", () => {
    expect(mergeXpRange(25)).toEqual({ min: 1, max: 204 });
    expect(mergeXpRange(0)).toEqual({ min: 0, max: 204 });
    expect(mergeXpRange(500)).toEqual({ min: 1, max: 500 });
  });
});
