import {
  REJECTION_WINDOW_DAYS,
  SPAM_MARK_WINDOW_DAYS,
  stakePrice,
  stakePriceText,
  type StakePrice,
  type StakePriceView,
  type StakeStanding,
} from '@openstake/core';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  githubAccounts,
  repositories,
  repositoryVouches,
  spamMarks,
  stakes,
  users,
} from '../../db/schema';

/**
 * A contributor's standing on OpenStake (decision 015): what prices their stakes and decides
 * their slots. It reads across domains on purpose (the account, the linked GitHub account, the
 * stakes' outcomes, spam marks and the repositories' vouches), in one statement, because every
 * stake and every screen that shows a price needs all of it at once; nothing here writes.
 */
export interface ContributorStanding {
  userId: string;
  standing: StakeStanding;
  /** The linked GitHub account's id, or null when none is linked. */
  githubId: number | null;
  /** Repositories (full names) whose maintainers vouched for the contributor, and denounced them. */
  vouchedIn: ReadonlySet<string>;
  denouncedIn: ReadonlySet<string>;
}

const DAY_MS = 86_400_000;

function daysSince(then: Date | null, now: Date): number {
  if (!then) return 0;
  return Math.max(0, Math.floor((now.getTime() - then.getTime()) / DAY_MS));
}

function daysAgo(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/**
 * The standings of several contributors, in one statement (the maintainer's queue reads a page of
 * authors at once). A GitHub account whose age is unknown counts as new; a rejection counts in
 * its window, and so does an exclusive window let lapse (decision 015, part 2).
 */
export async function readStandings(
  db: Queryable,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, ContributorStanding>> {
  if (userIds.length === 0) return new Map();
  const rejectedSince = daysAgo(now, REJECTION_WINDOW_DAYS);
  const markedSince = daysAgo(now, SPAM_MARK_WINDOW_DAYS);
  const rows = await db
    .select({
      userId: users.id,
      createdAt: users.createdAt,
      xp: users.xp,
      xpMaintainers: users.xpMaintainers,
      githubId: githubAccounts.githubId,
      githubCreatedAt: githubAccounts.githubCreatedAt,
      rejections: sql<number>`(
        select count(*)::int from ${stakes}
        where ${stakes.userId} = ${users.id}
          and ((${stakes.status} = 'rejected' and ${stakes.settledAt} > ${rejectedSince}::timestamptz)
            or ${stakes.windowLapsedAt} > ${rejectedSince}::timestamptz)
      )`,
      spamMarks: sql<number>`(
        select count(*)::int from ${spamMarks}
        where (${spamMarks.authorUserId} = ${users.id}
            or ${spamMarks.authorGithubId} = ${githubAccounts.githubId})
          and ${spamMarks.createdAt} > ${markedSince}::timestamptz
      )`,
      vouches: sql<{ repository: string; kind: 'vouched' | 'denounced' }[]>`coalesce((
        select json_agg(json_build_object('repository', ${repositories.fullName}, 'kind', ${repositoryVouches.kind}))
        from ${repositoryVouches}
        join ${repositories} on ${repositories.id} = ${repositoryVouches.repositoryId}
        where ${repositoryVouches.githubUserId} = ${githubAccounts.githubId}
      ), '[]'::json)`,
    })
    .from(users)
    .leftJoin(githubAccounts, eq(githubAccounts.userId, users.id))
    .where(inArray(users.id, [...userIds]));
  return new Map(
    rows.map((row) => {
      const vouches = typeof row.vouches === 'string' ? JSON.parse(row.vouches) : row.vouches;
      const trust = vouches as { repository: string; kind: 'vouched' | 'denounced' }[];
      return [
        row.userId,
        {
          userId: row.userId,
          githubId: row.githubId,
          standing: {
            githubAccountAgeDays: daysSince(row.githubCreatedAt, now),
            accountAgeDays: daysSince(row.createdAt, now),
            recentRejections: Number(row.rejections),
            recentSpamMarks: Number(row.spamMarks),
            xp: row.xp,
            independentMaintainers: row.xpMaintainers,
          },
          vouchedIn: new Set(trust.filter((t) => t.kind === 'vouched').map((t) => t.repository)),
          denouncedIn: new Set(
            trust.filter((t) => t.kind === 'denounced').map((t) => t.repository),
          ),
        },
      ];
    }),
  );
}

/** One contributor's standing (see readStandings). */
export async function readStanding(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<ContributorStanding> {
  const standing = (await readStandings(db, [userId], now)).get(userId);
  if (!standing) throw new Error(`No user ${userId}`);
  return standing;
}

/**
 * What this contributor must stake on an issue: the issue's stake priced by their standing. In a
 * repository whose maintainers vouched for them, nothing raises it above the issue's stake (a
 * proven contributor's discount still applies).
 */
export function stakePriceFor(
  contributor: ContributorStanding,
  issue: { stakingRequired: number; repositoryFullName: string },
): StakePrice {
  const price = stakePrice(issue.stakingRequired, contributor.standing);
  if (price.factorPercent > 100 && contributor.vouchedIn.has(issue.repositoryFullName)) {
    const base = issue.stakingRequired;
    return { amount: base, base, factorPercent: 100, reasons: [] };
  }
  return price;
}

export function toStakePriceView(price: StakePrice): StakePriceView {
  return { amount: price.amount, factorPercent: price.factorPercent, text: stakePriceText(price) };
}
