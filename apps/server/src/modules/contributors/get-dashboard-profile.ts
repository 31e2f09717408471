import { and, count, eq } from 'drizzle-orm';
import { nextRankThreshold, rankForXp, type DashboardProfile } from '@openstake/core';
import type { AppContext } from '../../context';
import { stakes, users } from '../../db/schema';
import { requireGithubToken } from '../github/github-account';
import { getBalance, walletOf } from '../ledger/accounts';

/** The dashboard's overview: GitHub identity plus coins, XP and rank from the server's records. */
export async function getDashboardProfile(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<DashboardProfile> {
  const { login, token } = await requireGithubToken(userId, ctx);
  const [github, coins, [user], [active]] = await Promise.all([
    ctx.github.userProfile(token, login),
    getBalance(ctx.db, walletOf(userId)),
    ctx.db.select({ xp: users.xp }).from(users).where(eq(users.id, userId)),
    ctx.db
      .select({ n: count() })
      .from(stakes)
      .where(and(eq(stakes.userId, userId), eq(stakes.status, 'pending'))),
  ]);
  const xp = user?.xp ?? 0;
  return {
    profile: {
      avatar_url: github.avatar_url,
      login,
      name: github.name,
      public_repos: github.public_repos,
    },
    stats: {
      coins,
      xp,
      rank: rankForXp(xp),
      nextRankXP: nextRankThreshold(xp),
      activeBounties: active?.n ?? 0,
    },
  };
}
