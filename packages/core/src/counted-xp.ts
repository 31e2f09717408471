import { z } from 'zod';
import { coinsForXp } from './merge-feedback';

/*
 * How much of a merge's XP counts toward a contributor's rank (decision 012). One person may hold
 * several GitHub accounts, and two people may agree: no rule tells a friend from a sock puppet.
 * So what one merging maintainer, and one organization, can give one contributor is bounded per
 * 30 days, and a repository with no outside standing pays less or nothing. The coins a merge
 * mints are twice the XP that counts, so they obey the same bounds. The server pays with
 * `countXp`; the merge dialog previews with the same function.
 */

export const XP_WINDOW_DAYS = 30;
/** XP one merging GitHub account can make count for one contributor in XP_WINDOW_DAYS. */
export const XP_LIMIT_PER_MAINTAINER = 300;
/** XP one organization's (or user's) repositories can make count for one contributor in the window. */
export const XP_LIMIT_PER_ORGANIZATION = 600;
/** Stars and forks together from which a repository has full standing. */
export const ESTABLISHED_REPOSITORY_INTEREST = 10;
/** How old a repository with some stars or forks but fewer than the above must be to pay half. */
export const REPOSITORY_MIN_AGE_DAYS = 30;

const DAY_MS = 86_400_000;

/** What GitHub says of a repository that its standing is read from. */
export interface RepositoryFacts {
  stargazersCount: number;
  forksCount: number;
  /** When the repository was created on GitHub (ISO string or Date). */
  createdAt: string | Date;
}

export const STANDING_LEVELS = ['none', 'some', 'established'] as const;
export type StandingLevel = (typeof STANDING_LEVELS)[number];

export interface RepositoryStanding {
  level: StandingLevel;
  /** The share of a merge's XP the repository can pay: 0, 50 or 100. */
  percent: number;
}

const STANDING_PERCENT: Record<StandingLevel, number> = { none: 0, some: 50, established: 100 };

/**
 * A repository's outside standing at `at`: others starred or forked it. Ten or more stars and
 * forks together: full standing. At least one, on a repository older than 30 days: half. Nothing
 * (a new repository made for the occasion, or one nobody outside has starred or forked): none.
 */
export function repositoryStanding(facts: RepositoryFacts, at: Date): RepositoryStanding {
  const interest = Math.max(0, facts.stargazersCount) + Math.max(0, facts.forksCount);
  const created = new Date(facts.createdAt).getTime();
  const ageDays = Number.isNaN(created) ? 0 : (at.getTime() - created) / DAY_MS;
  const level: StandingLevel =
    interest >= ESTABLISHED_REPOSITORY_INTEREST
      ? 'established'
      : interest >= 1 && ageDays >= REPOSITORY_MIN_AGE_DAYS
        ? 'some'
        : 'none';
  return { level, percent: STANDING_PERCENT[level] };
}

/** What a contributor has already had counted in the window from this merge's sources. */
export interface XpAllowance {
  standing: RepositoryStanding;
  /** XP counted in the last XP_WINDOW_DAYS from the merging GitHub account. */
  countedFromMaintainer: number;
  /** XP counted in the last XP_WINDOW_DAYS from the repository's organization (its owner). */
  countedFromOrganization: number;
}

export const XP_LIMIT_REASONS = [
  'no_standing',
  'some_standing',
  'maintainer_limit',
  'organization_limit',
] as const;
export type XpLimitReason = (typeof XP_LIMIT_REASONS)[number];

export interface CountedXp {
  offered: number;
  counted: number;
  /** offered - counted: shown apart, never in the rank. */
  uncounted: number;
  /** The bound that cut it, null when all of it counts. */
  reason: XpLimitReason | null;
  /** The coins minted with it: twice the XP that counts. */
  coins: number;
}

const remaining = (limit: number, used: number) => Math.max(0, limit - Math.max(0, used));

/**
 * The XP of a merge that counts: the repository's standing share of it, then no more than is left
 * of the maintainer's and the organization's allowance for this contributor. The reason is the
 * bound that cut the most.
 */
export function countXp(offered: number, allowance: XpAllowance): CountedXp {
  if (!Number.isSafeInteger(offered) || offered < 0) {
    throw new RangeError(`XP offered must be a non-negative integer, got ${offered}`);
  }
  const bounds: [number, XpLimitReason][] = [
    [
      Math.floor((offered * allowance.standing.percent) / 100),
      allowance.standing.level === 'none' ? 'no_standing' : 'some_standing',
    ],
    [remaining(XP_LIMIT_PER_MAINTAINER, allowance.countedFromMaintainer), 'maintainer_limit'],
    [remaining(XP_LIMIT_PER_ORGANIZATION, allowance.countedFromOrganization), 'organization_limit'],
  ];
  let counted = offered;
  let reason: XpLimitReason | null = null;
  for (const [bound, why] of bounds) {
    if (bound < counted) [counted, reason] = [bound, why];
  }
  return { offered, counted, uncounted: offered - counted, reason, coins: coinsForXp(counted) };
}

const REASON_TEXT: Record<XpLimitReason, string> = {
  no_standing: 'this repository has no outside standing yet (no stars or forks from others)',
  some_standing: `half counts: this repository has fewer than ${String(ESTABLISHED_REPOSITORY_INTEREST)} stars and forks`,
  maintainer_limit: 'monthly limit from this maintainer reached',
  organization_limit: 'monthly limit from this organization reached',
};

/** Why part of a merge's XP does not count, in words. */
export const xpLimitReasonText = (reason: XpLimitReason): string => REASON_TEXT[reason];

/** "counts 120 of 204 XP: monthly limit from this maintainer reached", or null when all counts. */
export function countedXpSummary(
  counted: Pick<CountedXp, 'offered' | 'counted' | 'reason'>,
): string | null {
  if (counted.reason === null) return null;
  return `counts ${String(counted.counted)} of ${String(counted.offered)} XP: ${xpLimitReasonText(counted.reason)}`;
}

/** The allowance a merge dialog previews with (GET .../pulls/{number}/reward-allowance). */
export const rewardAllowanceSchema = z.object({
  /** The OpenStake contributor a merge would reward, null when the author is not one (or is you). */
  contributor: z.string().nullable(),
  standing: z.object({ level: z.enum(STANDING_LEVELS), percent: z.number().int() }),
  countedFromMaintainer: z.number().int().nonnegative(),
  countedFromOrganization: z.number().int().nonnegative(),
});
export type RewardAllowance = z.infer<typeof rewardAllowanceSchema>;
