import { and, count, eq } from 'drizzle-orm';
import { rankProgress, type DashboardProfile } from '@openstake/core';
import type { AppContext } from '../../context';
import { contributorProfiles, stakes, users } from '../../db/schema';
import { requireGithubToken } from '../github/github-account';
import { getBalance, walletOf } from '../ledger/accounts';

/**
 * The dashboard's overview: GitHub identity plus coins, XP and rank from the server's records. The
 * name is the display name set in settings, else GitHub's (as on the profile).
 */
export async function getDashboardProfile(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<DashboardProfile> {
  const { login, token } = await requireGithubToken(userId, ctx);
  const [github, coins, [user], [active], [profile]] = await Promise.all([
    ctx.github.userProfile(token, login),
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
    profile: {
      avatar_url: github.avatar_url,
      login,
      name: profile?.name ?? github.name,
      public_repos: github.public_repos,
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
