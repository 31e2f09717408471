import {
  COMPLEXITY_FACTOR_IDS,
  FEEDBACK_TAG_IDS,
  MERGE_BONUS_IDS,
  MAX_RATING,
  MIN_RATING,
  RATING_CRITERION_IDS,
  computeMergeReward,
  countXp,
  countedXpSummary,
  type ComplexityFactorId,
  type CountedXp,
  type FeedbackTagId,
  type MergeBonusId,
  type MergeFeedback,
  type MergeResult,
  type MergeReward,
  type RatingCriterionId,
  type Ratings,
  type RewardAllowance,
} from '@openstake/core';

/* The merge feedback dialog's state and the request it sends. */

export interface MergeFeedbackFormState {
  ratings: Ratings;
  tags: ReadonlySet<FeedbackTagId>;
  complexity: ReadonlySet<ComplexityFactorId>;
  bonuses: ReadonlySet<MergeBonusId>;
}

export function initialMergeFeedbackState(): MergeFeedbackFormState {
  return {
    ratings: { codeQuality: 0, documentation: 0, testing: 0, performance: 0, security: 0 },
    tags: new Set(),
    complexity: new Set(),
    bonuses: new Set(),
  };
}

/** A slider value as a rating: a whole number clamped to 0..5. */
export function clampRating(value: number): number {
  if (!Number.isFinite(value)) return MIN_RATING;
  return Math.min(MAX_RATING, Math.max(MIN_RATING, Math.round(value)));
}

export function setRating(
  state: MergeFeedbackFormState,
  criterion: RatingCriterionId,
  value: number,
): MergeFeedbackFormState {
  return { ...state, ratings: { ...state.ratings, [criterion]: clampRating(value) } };
}

function toggled<T>(set: ReadonlySet<T>, id: T, on: boolean): ReadonlySet<T> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

export const toggleTag = (s: MergeFeedbackFormState, id: FeedbackTagId, on: boolean) => ({
  ...s,
  tags: toggled(s.tags, id, on),
});
export const toggleComplexity = (
  s: MergeFeedbackFormState,
  id: ComplexityFactorId,
  on: boolean,
) => ({ ...s, complexity: toggled(s.complexity, id, on) });
export const toggleBonus = (s: MergeFeedbackFormState, id: MergeBonusId, on: boolean) => ({
  ...s,
  bonuses: toggled(s.bonuses, id, on),
});

/** The request body: ids in their canonical order, each once (mergeFeedbackSchema). */
export function toMergeFeedback(state: MergeFeedbackFormState): MergeFeedback {
  const ratings = Object.fromEntries(
    RATING_CRITERION_IDS.map((id) => [id, clampRating(state.ratings[id])]),
  ) as Ratings;
  return {
    ratings,
    tags: FEEDBACK_TAG_IDS.filter((id) => state.tags.has(id)),
    complexity: COMPLEXITY_FACTOR_IDS.filter((id) => state.complexity.has(id)),
    bonuses: MERGE_BONUS_IDS.filter((id) => state.bonuses.has(id)),
  };
}

/** The live preview: core's computeMergeReward, the function the server pays with. */
export const previewReward = (state: MergeFeedbackFormState): MergeReward =>
  computeMergeReward(toMergeFeedback(state));

/**
 * What of the previewed reward would count for the author, with the allowance the server gave
 * (decision 012): core's countXp, the function the merge pays with. Null while it is not known.
 */
export const previewCounted = (
  reward: MergeReward,
  allowance: RewardAllowance | undefined,
): CountedXp | null => (allowance?.contributor ? countXp(reward.xp, allowance) : null);

/** The success toast after 'Submit & Merge PR'. */
export function mergeSuccessMessage(
  number: number,
  result: MergeResult,
): { title: string; description: string } {
  const title = `Pull request #${String(number)} merged`;
  // Bounties of issues the merge closed that nobody staked on go back to their maintainers.
  const refund =
    result.bountyRefunded > 0
      ? ` ${String(result.bountyRefunded)} coins of bounty went back to you: nobody had staked on the issue it closed.`
      : '';
  if (result.contributor === null) {
    return {
      title,
      description: `The author is not an OpenStake contributor, so no XP or coins were awarded.${refund}`,
    };
  }
  const summary = countedXpSummary({
    offered: result.xpOffered,
    counted: result.xp,
    reason: result.limitReason,
  });
  const counted = summary ? ` (${summary})` : '';
  const parts = [
    `+${String(result.xp)} XP / +${String(result.coins)} coins for ${result.contributor}${counted}`,
  ];
  if (result.bountyPaid > 0) parts.push(`bounty of ${String(result.bountyPaid)} coins paid`);
  if (result.stakeSettled) parts.push('stake returned');
  return { title, description: `${parts.join(', ')}.${refund}` };
}
