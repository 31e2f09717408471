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

/** The status of an unstaked pull request on a bounty issue: staking enters the bounty's queue. */
export const UNSTAKED_BOUNTY_STATUS =
  "No stake yet: stake on OpenStake to enter this bounty's queue";
/** The status of a pull request on a bounty issue whose author the repository denounced. */
export const DENOUNCED_AUTHOR_STATUS = 'The author cannot stake in this repository';

/**
 * The status of a pull request that references a bounty or tracked issue: green once its author
 * has a pending or accepted stake on the issue, pending until then. On an open bounty issue
 * (`bounty`) the pending status says why (decision 015, part 5): no stake yet, or an author the
 * repository denounced, who cannot stake there; on any other tracked issue, where to stake.
 */
export function stakeStatus(input: {
  issueNumber: number;
  staked: { amount: number } | null;
  /** The issue's page in OpenStake, where the author stakes. */
  stakeUrl: string;
  /** Set when the issue is an open bounty issue: whether the repository denounced the author. */
  bounty?: { authorDenounced: boolean };
}): StakeCommitStatus {
  const issue = `#${String(input.issueNumber)}`;
  if (input.staked) {
    return {
      state: 'success',
      description: clip(`Staked ${String(input.staked.amount)} coins on ${issue}`),
      targetUrl: input.stakeUrl,
    };
  }
  const description = !input.bounty
    ? `Not staked yet: stake at ${input.stakeUrl}`
    : input.bounty.authorDenounced
      ? DENOUNCED_AUTHOR_STATUS
      : UNSTAKED_BOUNTY_STATUS;
  return { state: 'pending', description: clip(description), targetUrl: input.stakeUrl };
}

/** The label the bot puts on an unstaked pull request of a bounty issue, where the repository opts in. */
export const UNSTAKED_LABEL = 'unstaked';

/** The hidden line that finds the bot's notice on an unstaked pull request, so it is written once. */
export const UNSTAKED_NOTICE_MARKER = '<!-- openstake:unstaked-notice -->';

/** The hidden line that finds the bot's comment closing a denounced author's pull request. */
export const DENOUNCED_CLOSE_MARKER = '<!-- openstake:denounced-close -->';

/**
 * The bot's one comment on a pull request of a bounty issue that carries no stake (where the
 * repository opts in): how to stake, or, for an author the repository denounced, that they
 * cannot. The amount is not named: the price depends on the staker's standing, and the issue's
 * page says it. Markdown.
 */
export function unstakedNotice(input: {
  /** The pull request author's GitHub login, mentioned. */
  login: string;
  issueNumber: number;
  stakeUrl: string;
  authorDenounced: boolean;
}): string {
  const who = `@${input.login}`;
  const issue = `#${String(input.issueNumber)}`;
  if (input.authorDenounced) {
    return [
      UNSTAKED_NOTICE_MARKER,
      `${who}, this pull request is on bounty issue ${issue}, but its author cannot stake in this repository: its maintainers have denounced the author on OpenStake. It does not enter the bounty's queue.`,
    ].join('\n');
  }
  return [
    UNSTAKED_NOTICE_MARKER,
    `${who}, this pull request is on bounty issue ${issue} and carries no stake yet, so it is not in the maintainers' queue for the bounty.`,
    '',
    `To enter it, stake on OpenStake: open ${input.stakeUrl}, sign in with GitHub and stake with this pull request's link, or comment \`/stake\` here once your GitHub account is connected to OpenStake. The page says how many coins your stake is. It comes back when the pull request is merged (with the bounty, if it is the first to close the issue) or closed without a review; closed after a review, the repository keeps at most its deduction.`,
    '',
    `The label \`${UNSTAKED_LABEL}\` comes off once the stake is placed.`,
  ].join('\n');
}

/**
 * The bot's comment as it closes a pull request whose author the repository's maintainers
 * denounced (where the repository opts in). The maintainers' reason is not published: it is
 * their note to each other about a person, and a comment on GitHub cannot be taken back.
 */
export function denouncedCloseComment(input: { login: string }): string {
  return [
    DENOUNCED_CLOSE_MARKER,
    `@${input.login}, this repository's maintainers have denounced your GitHub account on OpenStake, so the bot closes your pull requests on its bounty issues. If you think this is a mistake, ask the maintainers.`,
  ].join('\n');
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
