import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  FEEDBACK_TAG_IDS,
  ratingsSchema,
  type DirectoryProfile,
  type DirectoryStake,
  type VerifiedWork,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/database';
import { AppError } from '../../errors';
import { getBalance, walletOf } from '../ledger/accounts';
import {
  asDate,
  daysBefore,
  directoryColumns,
  listedContributor,
  stakeShownToCompanies,
  toDirectoryContributor,
  type DirectoryRow,
} from './directory-rows';

const RECENT_STAKES = 5;
const VERIFIED_WORK = 20;
/** Coins a contributor earns, as opposed to coins returned or granted. */
const EARNED_KINDS = sql`('merge_reward', 'bounty_payout')`;

export const contributorNotFound = () =>
  new AppError('NOT_FOUND', { message: 'Contributor not found' });

/** A merged pull request's feedback, or null when it was merged on GitHub without it. */
function feedbackOf(stored: unknown): VerifiedWork['feedback'] {
  const value = stored as { ratings?: unknown; tags?: unknown } | null;
  const ratings = ratingsSchema.safeParse(value?.ratings);
  const tags = z.array(z.enum(FEEDBACK_TAG_IDS)).safeParse(value?.tags);
  return ratings.success ? { ratings: ratings.data, tags: tags.success ? tags.data : [] } : null;
}

/**
 * A listed contributor's profile as a company sees it: what OpenStake recorded (rank, XP,
 * coins, recent stakes) and the verified work record, each merged staked pull request with the
 * maintainer's ratings and tags when it was merged in OpenStake. Stakes and work in private
 * repositories are left out (they still count in XP and coins). The login and the GitHub link
 * are the proven account's. The email only when the contributor shows it; a hidden, unproven or
 * unknown contributor is a 404 either way.
 */
export async function getDirectoryProfile(
  contributorId: string,
  ctx: Pick<AppContext, 'db' | 'clock' | 'github'>,
): Promise<DirectoryProfile> {
  const now = ctx.clock.now();
  const [row] = rowsOf<
    DirectoryRow & {
      email: string;
      email_verified: boolean;
      created_at: Date | string;
      bio: string | null;
      email_visible: boolean | null;
      contactable: boolean | null;
    }
  >(
    await ctx.db
      .execute(sql`select ${directoryColumns}, u.email, u.email_verified_at is not null as email_verified, u.created_at,
        p.bio, p.email_visible_to_companies as email_visible, p.companies_may_contact as contactable
      from users u left join contributor_profiles p on p.user_id = u.id
      where u.id = ${contributorId}::uuid and ${listedContributor}`),
  );
  if (!row) throw contributorNotFound();

  const [coins, earnedResult, stakesResult, workResult] = await Promise.all([
    getBalance(ctx.db, walletOf(row.id)),
    ctx.db.execute(sql`select coalesce(sum(t.amount), 0)::int as earned
      from transfers t join accounts a on a.id = t.to_account_id
      where a.kind = 'wallet' and a.owner = ${row.id} and t.kind in ${EARNED_KINDS}
        and t.created_at >= ${daysBefore(now, 7).toISOString()}::timestamptz`),
    // The newest first, as the contributor's own list orders them (stakes_user_created_idx).
    ctx.db.execute(sql`select s.id, i.title, s.repository_full_name, s.status, s.amount,
        s.coins_earned, s.xp_earned, s.coins_lost, s.created_at, s.pr_url
      from stakes s join tracked_issues i on i.github_id = s.issue_github_id
      where s.user_id = ${row.id}::uuid and ${stakeShownToCompanies}
      order by s.created_at desc, s.id desc limit ${RECENT_STAKES}::int`),
    // Who merged it: the source its XP grant recorded (decision 012), else the maintainer of an
    // in-app merge from before sources were kept.
    ctx.db.execute(sql`select s.id, s.repository_full_name, s.pr_number, s.pr_url, s.settled_at,
        s.xp_earned, s.coins_earned, i.title, m.feedback,
        coalesce(
          (select e.source_login from xp_events e
            where e.idempotency_key = 'stake-xp:' || s.id::text),
          (select g.login from github_accounts g where g.user_id = m.merged_by)) as merged_by
      from stakes s
      join tracked_issues i on i.github_id = s.issue_github_id
      left join merged_pull_requests m on m.repository_full_name = s.repository_full_name
        and m.pr_number = s.pr_number and m.merged_at is not null
      where s.user_id = ${row.id}::uuid and s.status = 'accepted' and ${stakeShownToCompanies}
      order by s.settled_at desc limit ${VERIFIED_WORK}::int`),
  ]);
  const recentStakes = rowsOf<{
    id: string;
    title: string;
    repository_full_name: string;
    status: DirectoryStake['status'];
    amount: number;
    coins_earned: number;
    xp_earned: number;
    coins_lost: number;
    created_at: Date | string;
    pr_url: string;
  }>(stakesResult).map((s) => ({
    id: s.id,
    issueTitle: s.title,
    repository: s.repository_full_name,
    status: s.status,
    amount: s.amount,
    coinsEarned: s.coins_earned,
    xpEarned: s.xp_earned,
    coinsLost: s.coins_lost,
    createdAt: asDate(s.created_at).toISOString(),
    prUrl: s.pr_url,
  }));
  const verifiedWork = rowsOf<{
    id: string;
    repository_full_name: string;
    pr_number: number;
    pr_url: string;
    settled_at: Date | string;
    xp_earned: number;
    coins_earned: number;
    title: string;
    feedback: unknown;
    merged_by: string | null;
  }>(workResult).map((w) => ({
    stakeId: w.id,
    repository: w.repository_full_name,
    prNumber: w.pr_number,
    prUrl: w.pr_url,
    issueTitle: w.title,
    mergedAt: asDate(w.settled_at).toISOString(),
    xpEarned: w.xp_earned,
    coinsEarned: w.coins_earned,
    mergedBy: w.merged_by,
    feedback: feedbackOf(typeof w.feedback === 'string' ? JSON.parse(w.feedback) : w.feedback),
  }));
  return {
    ...toDirectoryContributor(row, now),
    email: row.email_visible ? row.email : null,
    emailVerified: row.email_verified,
    bio: row.bio,
    joinedAt: asDate(row.created_at).toISOString(),
    coins,
    weeklyCoinsEarned: rowsOf<{ earned: number }>(earnedResult)[0]?.earned ?? 0,
    contactable: row.contactable ?? true,
    githubUrl: ctx.github.profileUrl(row.github_login),
    recentStakes,
    verifiedWork,
  };
}
