import { and, count, eq } from 'drizzle-orm';
import { rankProgress, type DashboardProfile } from '@openstake/core';
import type { AppContext } from '../../context';
import { contributorProfiles, stakes, users } from '../../db/schema';
import { githubAccessOf } from '../github/github-account';
import { githubProfileOrNull } from './github-profile';
import { getBalance, walletOf } from '../ledger/accounts';

/**
 * The dashboard's overview: coins, XP, rank and active stakes from the server's records, always;
 * the GitHub identity when an account is linked and GitHub answers (else `github` says why). The
 * name is the display name set in settings, else GitHub's (as on the profile).
 */
export async function getDashboardProfile(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'log'>,
): Promise<DashboardProfile> {
  const access = await githubAccessOf(userId, ctx);
  const [github, coins, [user], [active], [profile]] = await Promise.all([
    access ? githubProfileOrNull(access, ctx) : null,
    getBalance(ctx.db, walletOf(userId)),
    ctx.db.select({ xp: users.xp }).from(users).where(eq(users.id, userId)),
    ctx.db
      .select({ n: count() })
      .from(stakes)
      .where(and(eq(stakes.userId, userId), eq(stakes.status, 'pending'))),
    ctx.db
      .select({ name: contributorProfiles.name })
      .from(contributorProfiles)
      .where(eq(contributorProfiles.userId, userId)),
  ]);
  const xp = user?.xp ?? 0;
  const progress = rankProgress(xp);
  return {
    github: !access ? 'not_linked' : github ? 'linked' : 'unavailable',
    profile: {
      avatar_url: github?.avatar_url ?? null,
      login: access?.login ?? null,
      name: profile?.name ?? github?.name ?? null,
      public_repos: github?.public_repos ?? null,
    },
    stats: {
      coins,
      xp,
      rank: progress.rank,
      nextRankXP: progress.next,
      activeBounties: active?.n ?? 0,
    },
  };
}
