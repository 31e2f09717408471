import { formatCoins, formatNumber } from './format';
import {
  FEEDBACK_TAGS,
  MAX_RATING,
  MAX_RATING_SCORE,
  RATING_CRITERIA,
  ratingTotal,
  type FeedbackTagId,
  type Ratings,
} from './merge-feedback';

/**
 * What OpenStake's bot writes on GitHub: the stake status on a pull request and the comment on
 * its settlement. Pure text, so the server writes exactly what the tests read.
 */

/** The commit status (or check run) context maintainers can make a required check. */
export const STAKE_STATUS_CONTEXT = 'openstake/stake';

/** GitHub refuses a commit status description longer than this. */
export const STATUS_DESCRIPTION_MAX = 140;

export interface StakeCommitStatus {
  state: 'success' | 'pending';
  description: string;
  targetUrl: string;
}

const clip = (text: string) =>
  text.length <= STATUS_DESCRIPTION_MAX ? text : `${text.slice(0, STATUS_DESCRIPTION_MAX - 1)}…`;

/**
 * The status of a pull request that references a bounty or tracked issue: green once its author
 * has a pending or accepted stake on the issue, pending (with where to stake) until then.
 */
export function stakeStatus(input: {
  issueNumber: number;
  staked: { amount: number } | null;
  /** The issue's page in OpenStake, where the author stakes. */
  stakeUrl: string;
}): StakeCommitStatus {
  const issue = `#${String(input.issueNumber)}`;
  return input.staked
    ? {
        state: 'success',
        description: clip(`Staked ${String(input.staked.amount)} coins on ${issue}`),
        targetUrl: input.stakeUrl,
      }
    : {
        state: 'pending',
        description: clip(`Not staked yet: stake at ${input.stakeUrl}`),
        targetUrl: input.stakeUrl,
      };
}

export interface SettledStakeForComment {
  id: string;
  status: 'accepted' | 'rejected' | 'expired';
  amount: number;
  issueNumber: number;
  coinsEarned: number;
  xpEarned: number;
  coinsLost: number;
  bountyEarned: number;
  /** The contributor's GitHub login, mentioned in the comment. */
  login: string;
  /** The maintainer's ratings and tags, when the merge was rated in OpenStake. */
  feedback?: { ratings: Ratings; tags: readonly FeedbackTagId[] } | null;
  /**
   * For an expired stake: the days after which an unmerged stake is refunded, when that is why
   * (the pull request may still be open); absent when its pull request closed without a review.
   */
  timedOutAfterDays?: number;
}

/** The hidden line that finds the bot's earlier comment about a stake, so it is updated, not repeated. */
export const settlementCommentMarker = (stakeId: string): string =>
  `<!-- openstake:stake:${stakeId} -->`;

/** The bot's comment on a pull request whose stake was settled. Markdown. */
export function settlementComment(stake: SettledStakeForComment): string {
  const who = `@${stake.login}`;
  const issue = `#${String(stake.issueNumber)}`;
  const lines: string[] = [settlementCommentMarker(stake.id)];
  if (stake.status === 'accepted') {
    lines.push(
      `**Merged.** ${who}'s stake of ${formatCoins(stake.amount)} on ${issue} came back with ${formatCoins(stake.coinsEarned)} earned and ${formatNumber(stake.xpEarned)} XP.`,
    );
    if (stake.bountyEarned > 0)
      lines.push(`The bounty of ${formatCoins(stake.bountyEarned)} is paid.`);
    if (stake.feedback) lines.push('', ...feedbackLines(stake.feedback));
  } else if (stake.status === 'rejected' && stake.coinsLost === 0) {
    lines.push(
      `**Closed after review.** ${who}'s stake of ${formatCoins(stake.amount)} on ${issue} was refunded in full: this repository's deduction takes nothing from it.`,
    );
  } else if (stake.status === 'rejected') {
    lines.push(
      `**Closed after review.** ${formatCoins(stake.coinsLost)} of ${who}'s stake of ${formatCoins(stake.amount)} on ${issue} went to the repository's treasury; ${formatCoins(stake.amount - stake.coinsLost)} came back.`,
    );
  } else if (stake.timedOutAfterDays !== undefined) {
    lines.push(
      `**Stake expired.** ${who}'s stake of ${formatCoins(stake.amount)} on ${issue} was refunded in full: the pull request was not merged within ${String(stake.timedOutAfterDays)} days.`,
    );
  } else {
    lines.push(
      `**Closed without a review.** ${who}'s stake of ${formatCoins(stake.amount)} on ${issue} was refunded in full.`,
    );
  }
  return lines.join('\n');
}

function feedbackLines(feedback: { ratings: Ratings; tags: readonly FeedbackTagId[] }): string[] {
  const ratings = RATING_CRITERIA.map(
    ({ id, label }) => `${label} ${String(feedback.ratings[id])}/${String(MAX_RATING)}`,
  );
  const lines = [
    `Rating: ${String(ratingTotal(feedback.ratings))}/${String(MAX_RATING_SCORE)} (${ratings.join(', ')}).`,
  ];
  const tags = FEEDBACK_TAGS.filter(({ id }) => feedback.tags.includes(id)).map((t) => t.label);
  if (tags.length > 0) lines.push(`Tags: ${tags.join(', ')}.`);
  return lines;
}
