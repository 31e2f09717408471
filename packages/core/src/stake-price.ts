import { formatCoins } from './format';
import { RANKS } from './ranks';

/*
 * The stake a contributor must place on an issue, priced by their standing on OpenStake
 * (docs/decisions/015-stake-priced-by-standing.md): the stake times a factor. A stake
 * costs more while nothing vouches for the contributor yet (a new GitHub account, a new OpenStake
 * account) and after recent rejections and spam marks; it costs less, down to a floor, for a rank
 * earned from several independent maintainers. One function decides it, for the server that
 * charges it and for every screen that shows it.
 */

/** The lowest factor: half the stake, for a proven contributor with nothing against them. */
export const STAKE_FACTOR_FLOOR_PERCENT = 50;
/** The highest factor: four times the stake, whatever is added up. */
export const STAKE_FACTOR_CEILING_PERCENT = 400;

/** A GitHub account younger than this is new: it has no history anyone could check. */
export const NEW_GITHUB_ACCOUNT_DAYS = 90;
/** An OpenStake account younger than this is new. */
export const NEW_ACCOUNT_DAYS = 30;
/** Rejections (closed after a review, not merged) count against the factor this long. */
export const REJECTION_WINDOW_DAYS = 90;
/** Spam marks count against the factor this long. */
export const SPAM_MARK_WINDOW_DAYS = 180;

const NEW_GITHUB_ACCOUNT_SURCHARGE = 100;
const NEW_ACCOUNT_SURCHARGE = 100;
const REJECTION_SURCHARGE = 50;
const SPAM_MARK_SURCHARGE = 100;

/**
 * Rank earned from independent maintainers lowers the factor: at least `maintainers` distinct
 * merging GitHub accounts made XP count, and the counted XP reached `minXp`. The best that holds
 * applies. XP is counted XP (decision 012), so a pair of accounts cannot buy the discount.
 */
const PROVEN_DISCOUNTS = [
  { maintainers: 3, minXp: rankMinXp('Code Master'), percent: STAKE_FACTOR_FLOOR_PERCENT },
  { maintainers: 2, minXp: rankMinXp('Code Contributor'), percent: 75 },
] as const;

function rankMinXp(name: (typeof RANKS)[number]['name']): number {
  const rank = RANKS.find((r) => r.name === name);
  if (!rank) throw new RangeError(`No rank named ${name}`);
  return rank.minXp;
}

/** What the server knows of a contributor's standing when they stake. Whole, non-negative numbers. */
export interface StakeStanding {
  /** Days since GitHub created the contributor's linked account. */
  githubAccountAgeDays: number;
  /** Days since the contributor's OpenStake account was created. */
  accountAgeDays: number;
  /** Their stakes rejected (closed after a review) in the last REJECTION_WINDOW_DAYS. */
  recentRejections: number;
  /** Their pull requests a maintainer marked as spam in the last SPAM_MARK_WINDOW_DAYS. */
  recentSpamMarks: number;
  /** Their counted XP (the rank's). */
  xp: number;
  /** Distinct merging GitHub accounts whose merges counted XP for them. */
  independentMaintainers: number;
}

export type StakePriceReasonKind =
  'new_github_account' | 'new_account' | 'recent_rejections' | 'spam_marks' | 'proven';

/** One part of the factor, and the words the screens show for it. */
export interface StakePriceReason {
  kind: StakePriceReasonKind;
  /** What it does to the factor: "+100 %" of the stake, or "x0.75". */
  effect: string;
  /** Why, written to follow the factor: "while your account is new (under 30 days)". */
  because: string;
}

export interface StakePrice {
  /** Coins to stake: the stake times the factor, rounded up, at least 1. */
  amount: number;
  /** The issue's own stake. */
  base: number;
  /** The factor in whole percent: 100 is the stake, 200 twice it. */
  factorPercent: number;
  /** Why the factor is not 100, in the order applied; empty when it is. */
  reasons: StakePriceReason[];
}

function assertWhole(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
}

const plural = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/**
 * The stake a contributor with this standing must place on an issue whose stake is `base`.
 * Surcharges add up (each +N % of the stake), then a proven contributor's discount
 * multiplies the sum; the factor is kept between the floor and the ceiling. Never below
 * STAKE_FACTOR_FLOOR_PERCENT of the base or above STAKE_FACTOR_CEILING_PERCENT (rounded up to
 * whole coins), and monotone: more rejections or spam marks never lower it; an older account,
 * more XP or more independent maintainers never raise it.
 */
export function stakePrice(base: number, standing: StakeStanding): StakePrice {
  assertWhole('The issue stake', base);
  if (base === 0) throw new RangeError('An issue stake is at least 1 coin');
  for (const [name, value] of Object.entries(standing)) assertWhole(name, value);

  const reasons: StakePriceReason[] = [];
  let surcharge = 0;
  if (standing.githubAccountAgeDays < NEW_GITHUB_ACCOUNT_DAYS) {
    surcharge += NEW_GITHUB_ACCOUNT_SURCHARGE;
    reasons.push({
      kind: 'new_github_account',
      effect: `+${String(NEW_GITHUB_ACCOUNT_SURCHARGE)} %`,
      because: `while your GitHub account is under ${String(NEW_GITHUB_ACCOUNT_DAYS)} days old`,
    });
  }
  if (standing.accountAgeDays < NEW_ACCOUNT_DAYS) {
    surcharge += NEW_ACCOUNT_SURCHARGE;
    reasons.push({
      kind: 'new_account',
      effect: `+${String(NEW_ACCOUNT_SURCHARGE)} %`,
      because: `while your account is new (under ${String(NEW_ACCOUNT_DAYS)} days)`,
    });
  }
  if (standing.recentRejections > 0) {
    surcharge += REJECTION_SURCHARGE * standing.recentRejections;
    reasons.push({
      kind: 'recent_rejections',
      effect: `+${String(REJECTION_SURCHARGE * standing.recentRejections)} %`,
      because: `for ${plural(standing.recentRejections, 'stake', 'stakes')} rejected in the last ${String(REJECTION_WINDOW_DAYS)} days`,
    });
  }
  if (standing.recentSpamMarks > 0) {
    surcharge += SPAM_MARK_SURCHARGE * standing.recentSpamMarks;
    reasons.push({
      kind: 'spam_marks',
      effect: `+${String(SPAM_MARK_SURCHARGE * standing.recentSpamMarks)} %`,
      because: `for ${plural(standing.recentSpamMarks, 'pull request', 'pull requests')} marked as spam in the last ${String(SPAM_MARK_WINDOW_DAYS)} days`,
    });
  }

  const discount = PROVEN_DISCOUNTS.find(
    (d) => standing.independentMaintainers >= d.maintainers && standing.xp >= d.minXp,
  );
  const summed = 100 + surcharge;
  const discounted = discount ? Math.ceil((summed * discount.percent) / 100) : summed;
  if (discount) {
    reasons.push({
      kind: 'proven',
      effect: `x${formatFactor(discount.percent)}`,
      because: `for XP from ${String(discount.maintainers)} or more independent maintainers`,
    });
  }
  const factorPercent = Math.min(
    STAKE_FACTOR_CEILING_PERCENT,
    Math.max(STAKE_FACTOR_FLOOR_PERCENT, discounted),
  );
  return {
    amount: Math.max(1, Math.ceil((base * factorPercent) / 100)),
    base,
    factorPercent,
    reasons,
  };
}

/** A factor as people read it: 200 -> "2", 150 -> "1.5", 75 -> "0.75". */
export function formatFactor(percent: number): string {
  return String(percent / 100);
}

/**
 * The line the issue page, the stake dialog, the suggestion card and /stake show:
 * "20 coins: 2x while your account is new (under 30 days)", or "10 coins" when the issue's
 * stake applies as it is.
 */
export function stakePriceText(price: StakePrice): string {
  const coins = formatCoins(price.amount);
  const why = stakePriceWhy(price);
  return why === null ? coins : `${coins}: ${why}`;
}

/** Why the price is not the stake: "2x while your account is new (under 30 days)"; null when it is. */
export function stakePriceWhy(price: StakePrice): string | null {
  if (price.reasons.length === 0) return null;
  return `${formatFactor(price.factorPercent)}x ${price.reasons.map((r) => r.because).join(' and ')}`;
}
