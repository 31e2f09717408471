import { z } from 'zod';

/*
 * Merge feedback. The server computes the
 * reward from the submitted selections with computeMergeReward, and the maintainer dialog shows
 * the same function's result, so the number previewed is the number paid.
 *
 * Every option has a stable camelCase id for storage and the API; labels are display text and may
 * be reworded without touching stored feedback.
 */

export const RATING_CRITERION_IDS = [
  'codeQuality',
  'documentation',
  'testing',
  'performance',
  'security',
] as const;
export type RatingCriterionId = (typeof RATING_CRITERION_IDS)[number];

export const RATING_CRITERIA: readonly { id: RatingCriterionId; label: string }[] = [
  { id: 'codeQuality', label: 'Code Quality & Standards' },
  { id: 'documentation', label: 'Documentation & Comments' },
  { id: 'testing', label: 'Testing Coverage' },
  { id: 'performance', label: 'Performance Impact' },
  { id: 'security', label: 'Security Considerations' },
];

export const MIN_RATING = 0;
export const MAX_RATING = 5;
/** Five criteria times 5. */
export const MAX_RATING_SCORE = RATING_CRITERION_IDS.length * MAX_RATING;

/**
 * Slider words for ratings 0..5. The brief lists "Not Rated or Poor, Below Average, Average, Good,
 * Very Good, Excellent": six entries for six values, so "Not Rated or Poor" is the single word for
 * 0. We show 'Not Rated' because a slider at 0 means the maintainer has not rated that criterion
 * yet (and Submit stays disabled while every slider is at 0).
 */
export const RATING_WORDS = [
  'Not Rated',
  'Below Average',
  'Average',
  'Good',
  'Very Good',
  'Excellent',
] as const;
export type RatingWord = (typeof RATING_WORDS)[number];

export function ratingWord(rating: number): RatingWord {
  const word = RATING_WORDS[rating];
  if (!Number.isInteger(rating) || word === undefined) {
    throw new RangeError(
      `Rating must be an integer from ${MIN_RATING} to ${MAX_RATING}, got ${rating}`,
    );
  }
  return word;
}

export const FEEDBACK_TAG_IDS = [
  'uiFix',
  'docs',
  'majorBackendChange',
  'normalBackendChange',
  'accessibilityImprovement',
  'codeCleanup',
  'bugFix',
  'deploymentScript',
] as const;
export type FeedbackTagId = (typeof FEEDBACK_TAG_IDS)[number];

export const FEEDBACK_TAGS: readonly { id: FeedbackTagId; label: string; xp: number }[] = [
  { id: 'uiFix', label: 'UI Fix', xp: 10 },
  { id: 'docs', label: 'Docs', xp: 5 },
  { id: 'majorBackendChange', label: 'Major Backend Change', xp: 20 },
  { id: 'normalBackendChange', label: 'Normal Backend Change', xp: 15 },
  { id: 'accessibilityImprovement', label: 'Accessibility Improvement', xp: 8 },
  { id: 'codeCleanup', label: 'Code Cleanup', xp: 7 },
  { id: 'bugFix', label: 'Bug Fix', xp: 12 },
  { id: 'deploymentScript', label: 'Deployment Script', xp: 6 },
];

export const COMPLEXITY_FACTOR_IDS = [
  'fewerThanThreeFiles',
  'multipleModules',
  'refactorsExistingLogic',
  'newModule',
  'testsOrPerformance',
  'ciCdConfig',
  'userFacingFlows',
] as const;
export type ComplexityFactorId = (typeof COMPLEXITY_FACTOR_IDS)[number];

/**
 * `multiplierTenths` is the source of truth: the reward is computed in integer tenths, so whether
 * a product lands on a half (15 x 1.3 = 19.5) and how it rounds is exact by construction, rather
 * than depending on binary floating point (1.3 is not exactly representable) landing on the right
 * side of .5.
 */
export interface ComplexityFactor {
  id: ComplexityFactorId;
  label: string;
  /** The multiplier for display, e.g. 1.3. */
  multiplier: number;
  /** The same multiplier in tenths, e.g. 13; the reward is computed from this one. */
  multiplierTenths: number;
}

const factor = (id: ComplexityFactorId, label: string, multiplierTenths: number) => ({
  id,
  label,
  multiplier: multiplierTenths / 10,
  multiplierTenths,
});

export const COMPLEXITY_FACTORS: readonly ComplexityFactor[] = [
  factor('fewerThanThreeFiles', 'Affects fewer than 3 files', 10),
  factor('multipleModules', 'Affects multiple modules', 15),
  factor('refactorsExistingLogic', 'Refactors or optimizes existing logic', 12),
  factor('newModule', 'Introduces a new module', 18),
  factor('testsOrPerformance', 'Involves test cases or performance boost', 13),
  factor('ciCdConfig', 'Changes CI/CD config', 11),
  factor('userFacingFlows', 'Impacts user-facing flows', 16),
];

export const MERGE_BONUS_IDS = [
  'bountyBacked',
  'mergedWithin48Hours',
  'reviewedOtherPrs',
  'meaningfulTests',
] as const;
export type MergeBonusId = (typeof MERGE_BONUS_IDS)[number];

export const MERGE_BONUSES: readonly { id: MergeBonusId; label: string; xp: number }[] = [
  { id: 'bountyBacked', label: 'Issue was bounty-backed', xp: 10 },
  { id: 'mergedWithin48Hours', label: 'PR merged within 24 to 48 hours', xp: 5 },
  { id: 'reviewedOtherPrs', label: 'Contributor also reviewed other PRs', xp: 5 },
  { id: 'meaningfulTests', label: 'Contributor added meaningful tests', xp: 10 },
];

const TAG_XP = new Map(FEEDBACK_TAGS.map((t) => [t.id, t.xp]));
const MULTIPLIER_TENTHS = new Map(COMPLEXITY_FACTORS.map((f) => [f.id, f.multiplierTenths]));
const BONUS_XP = new Map(MERGE_BONUSES.map((b) => [b.id, b.xp]));

const ratingSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Rating is required' : 'Rating must be a number',
  })
  .int('Rating must be a whole number')
  .min(MIN_RATING, `Rating must be between ${MIN_RATING} and ${MAX_RATING}`)
  .max(MAX_RATING, `Rating must be between ${MIN_RATING} and ${MAX_RATING}`);

export const ratingsSchema = z.strictObject(
  {
    codeQuality: ratingSchema,
    documentation: ratingSchema,
    testing: ratingSchema,
    performance: ratingSchema,
    security: ratingSchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown rating criteria: ${issue.keys.join(', ')}`
        : 'Ratings must be an object with the five criteria',
  },
);
export type Ratings = z.infer<typeof ratingsSchema>;

/** An array of known ids with no repeats; a repeated id would otherwise be counted twice. */
function uniqueIds<const T extends readonly [string, ...string[]]>(
  ids: T,
  what: string,
  listName: string,
) {
  return z
    .array(z.enum(ids, { message: `Unknown ${what}; expected one of ${ids.join(', ')}` }), {
      message: `${listName} must be a list`,
    })
    .refine((list) => new Set(list).size === list.length, {
      message: `Each ${what} may be selected only once`,
    });
}

export const mergeFeedbackSchema = z.object({
  ratings: ratingsSchema,
  tags: uniqueIds(FEEDBACK_TAG_IDS, 'tag', 'Tags'),
  complexity: uniqueIds(COMPLEXITY_FACTOR_IDS, 'complexity factor', 'Complexity factors'),
  bonuses: uniqueIds(MERGE_BONUS_IDS, 'bonus', 'Bonuses'),
});
export type MergeFeedback = z.infer<typeof mergeFeedbackSchema>;

export interface MergeReward {
  /** Sum of the five ratings, 0..25. */
  ratingTotal: number;
  /** Sum of the selected tags' XP before the multiplier. */
  tagTotal: number;
  /** Largest selected complexity multiplier, 1 when none is selected. */
  multiplier: number;
  bonusTotal: number;
  xp: number;
  coins: number;
}

/** Coins paid with XP from a merge: twice the XP, with or without feedback. */
export const coinsForXp = (xp: number): number => 2 * xp;

export function ratingTotal(ratings: Ratings): number {
  return RATING_CRITERION_IDS.reduce((sum, id) => sum + ratings[id], 0);
}

export function canSubmitFeedback(ratings: Ratings): boolean {
  return ratingTotal(ratings) > 0;
}

/**
 * XP = round(tag total x largest multiplier) + rating total + bonus total; coins = 2 x XP.
 * Expects input that passed mergeFeedbackSchema; repeated ids are counted
 * once anyway so a caller that skipped the schema cannot double an award.
 */
export function computeMergeReward(feedback: MergeFeedback): MergeReward {
  const ratings = ratingTotal(feedback.ratings);
  const tagTotal = [...new Set(feedback.tags)].reduce((sum, id) => sum + (TAG_XP.get(id) ?? 0), 0);
  const tenths = Math.max(10, ...feedback.complexity.map((id) => MULTIPLIER_TENTHS.get(id) ?? 10));
  const bonusTotal = [...new Set(feedback.bonuses)].reduce(
    (sum, id) => sum + (BONUS_XP.get(id) ?? 0),
    0,
  );
  // XP and coins are whole numbers, but a multiplier can leave a half (Docs 5 x 1.3 = 6.5). We
  // round half up: ties go to the contributor, and it is what Math.round does for the
  // non-negative values the dialog shows. In tenths: floor((t x m10 + 5) / 10), exact in integers.
  const tagXp = Math.floor((tagTotal * tenths + 5) / 10);
  const xp = tagXp + ratings + bonusTotal;
  return {
    ratingTotal: ratings,
    tagTotal,
    multiplier: tenths / 10,
    bonusTotal,
    xp,
    coins: coinsForXp(xp),
  };
}

export type ScoreBadgeColor = 'green' | 'blue' | 'yellow' | 'red';

/** Running score badge in the dialog: green at 80 % of 25 or more, blue at 60 %, yellow at 40 %. */
export function scoreBadgeColor(ratingTotal: number): ScoreBadgeColor {
  // Compare in integers (total x 100 against percent x 25) so 20/25 is exactly 80 %.
  const scaled = ratingTotal * 100;
  if (scaled >= 80 * MAX_RATING_SCORE) return 'green';
  if (scaled >= 60 * MAX_RATING_SCORE) return 'blue';
  if (scaled >= 40 * MAX_RATING_SCORE) return 'yellow';
  return 'red';
}

/**
 * The least XP a merge with feedback pays: the dialog cannot submit before one rating is above 0,
 * so one rating of 1 and nothing else.
 */
export const MIN_FEEDBACK_XP = computeMergeReward({
  ratings: { codeQuality: 1, documentation: 0, testing: 0, performance: 0, security: 0 },
  tags: [],
  complexity: [],
  bonuses: [],
}).xp;

/** The most XP a merge with feedback pays: every rating 5, every tag, the largest multiplier, every bonus. */
export const MAX_FEEDBACK_XP = computeMergeReward({
  ratings: { codeQuality: 5, documentation: 5, testing: 5, performance: 5, security: 5 },
  tags: [...FEEDBACK_TAG_IDS],
  complexity: [...COMPLEXITY_FACTOR_IDS],
  bonuses: [...MERGE_BONUS_IDS],
}).xp;

/**
 * The XP a merge of a pull request on an issue can offer: an in-app merge pays by the
 * maintainer's feedback (MIN_FEEDBACK_XP to MAX_FEEDBACK_XP), a merge seen only on GitHub the
 * issue's own `xpReward`. Before decision 012's limits, which may count less of it.
 */
export function mergeXpRange(issueXpReward: number): { min: number; max: number } {
  return {
    min: Math.min(MIN_FEEDBACK_XP, issueXpReward),
    max: Math.max(MAX_FEEDBACK_XP, issueXpReward),
  };
}
