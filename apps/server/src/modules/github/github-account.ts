import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { githubAccounts, users } from '../../db/schema';
import { AppError } from '../../errors';
import { decryptSecret } from '../../lib/secret-box';

export interface GithubAccountView {
  linked: boolean;
  login: string | null;
  linkedAt: string | null;
}

export async function getGithubAccount(
  userId: string,
  ctx: Pick<AppContext, 'db'>,
): Promise<GithubAccountView> {
  const [row] = await ctx.db.select().from(githubAccounts).where(eq(githubAccounts.userId, userId));
  return {
    linked: Boolean(row),
    login: row?.login ?? null,
    linkedAt: row?.linkedAt.toISOString() ?? null,
  };
}

/** A user's linked GitHub account: its login, GitHub's numeric id for it, and its token. */
export interface GithubAccess {
  login: string;
  githubId: number;
  token: string;
}

/** The user's verified GitHub login and token, for calls made on their behalf; null when unlinked. */
export async function githubAccessOf(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'secrets'>,
): Promise<GithubAccess | null> {
  const [row] = await ctx.db.select().from(githubAccounts).where(eq(githubAccounts.userId, userId));
  return row
    ? {
        login: row.login,
        githubId: row.githubId,
        token: decryptSecret(ctx.secrets.encryptionKey, row.accessTokenEncrypted),
      }
    : null;
}

/** githubAccessOf for several users in one query: the linked ones, by user id. */
export async function githubAccessesOf(
  userIds: readonly string[],
  ctx: Pick<AppContext, 'db' | 'secrets'>,
): Promise<Map<string, GithubAccess>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(githubAccounts)
    .where(inArray(githubAccounts.userId, [...userIds]));
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        login: row.login,
        githubId: row.githubId,
        token: decryptSecret(ctx.secrets.encryptionKey, row.accessTokenEncrypted),
      },
    ]),
  );
}

/** Why a call on behalf of a user without a linked GitHub account is refused. */
export const githubAuthRequired = (): AppError =>
  new AppError('GITHUB_AUTH_REQUIRED', { message: 'GitHub authentication required' });

/**
 * githubAccessOf, for a call that needs it: without a linked account the answer is the product's
 * 'GitHub authentication required'.
 */
export async function requireGithubToken(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'secrets'>,
): Promise<GithubAccess> {
  const access = await githubAccessOf(userId, ctx);
  if (!access) throw githubAuthRequired();
  return access;
}

/**
 * The OpenStake user who linked this GitHub account, found by GitHub's numeric id (which a
 * renamed account keeps): who a webhook's sender or commenter is.
 */
export async function userByGithubId(
  db: Queryable,
  githubId: number,
): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(githubAccounts)
    .innerJoin(users, eq(users.id, githubAccounts.userId))
    .where(eq(githubAccounts.githubId, githubId));
  return row?.user;
}
