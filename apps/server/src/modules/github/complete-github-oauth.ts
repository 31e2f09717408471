import { eq } from 'drizzle-orm';
import type { Role, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { githubAccounts, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { GithubUser } from '../../integrations/github/port';
import { createUser } from '../auth/create-user';
import { createSession } from '../auth/sessions';
import { toSessionUser } from '../auth/user-view';
import type { OAuthIntent } from './oauth-state';
import {
  STARTING_XP_CAP,
  STARTING_XP_PER_MERGED_PR,
  saveGithubAccount,
} from './save-github-account';

export type GithubOAuthResult =
  | { kind: 'linked'; user: SessionUser; returnTo: string }
  | { kind: 'session'; user: SessionUser; token: string; expiresAt: Date };

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'clock' | 'github' | 'sessions'>;

/**
 * Finishes an OAuth round trip: exchanges the code, reads who GitHub says the user is, and does
 * what the signed intent asked: link the signed-in user, sign in, or sign up.
 */
export async function completeGithubOAuth(
  input: { intent: OAuthIntent; code: string; redirectUrl: string },
  ctx: Ctx,
): Promise<GithubOAuthResult> {
  const { token, scope } = await ctx.github.exchangeCode({
    code: input.code,
    redirectUrl: input.redirectUrl,
  });
  const githubUser = await ctx.github.authenticatedUser(token);
  const { intent } = input;
  switch (intent.purpose) {
    case 'link':
      return {
        kind: 'linked',
        user: await link(intent.userId, githubUser, token, scope, ctx),
        returnTo: intent.returnTo,
      };
    case 'signin':
      return signIn(githubUser, token, scope, ctx);
    case 'signup':
      return signUp(intent.role, githubUser, token, scope, ctx);
  }
}

const countForStartingXp = (role: Role, token: string, login: string, ctx: Ctx) =>
  role === 'contributor'
    ? ctx.github.countMergedPullRequestsToOthers(
        token,
        login,
        STARTING_XP_CAP / STARTING_XP_PER_MERGED_PR,
      )
    : Promise.resolve(0);

async function link(
  userId: string,
  githubUser: GithubUser,
  token: string,
  scope: string,
  ctx: Ctx,
): Promise<SessionUser> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Please sign in to continue' });
  // The typed username is a claim; OAuth proves it.
  if (user.githubUsername && user.githubUsername.toLowerCase() !== githubUser.login.toLowerCase()) {
    throw new AppError('FORBIDDEN', {
      message: `The GitHub account you approved (${githubUser.login}) does not match your GitHub username (${user.githubUsername})`,
    });
  }
  const mergedToOthers = await countForStartingXp(user.role, token, githubUser.login, ctx);
  const linked = await inTransaction(ctx.db, async (tx) => {
    await saveGithubAccount(tx, { user, githubUser, token, scope, mergedToOthers }, ctx);
    const [updated] = await tx.select().from(users).where(eq(users.id, userId));
    return toSessionUser(updated ?? user);
  });
  // The user's sessions show the GitHub username: read them again (this server; others within
  // SESSION_CACHE_MS).
  ctx.sessions.forgetUser(userId);
  return linked;
}

async function signIn(
  githubUser: GithubUser,
  token: string,
  scope: string,
  ctx: Ctx,
): Promise<GithubOAuthResult> {
  const [row] = await ctx.db
    .select({ user: users })
    .from(githubAccounts)
    .innerJoin(users, eq(users.id, githubAccounts.userId))
    .where(eq(githubAccounts.githubId, githubUser.id));
  if (!row) {
    throw new AppError('NOT_FOUND', {
      message: 'No OpenStake account is linked to this GitHub account. Sign up first.',
    });
  }
  // Keep the freshest token; the user is already linked, so no starting XP is due.
  await inTransaction(ctx.db, (tx) =>
    saveGithubAccount(tx, { user: row.user, githubUser, token, scope, mergedToOthers: 0 }, ctx),
  );
  ctx.sessions.forgetUser(row.user.id);
  return {
    kind: 'session',
    user: toSessionUser(row.user),
    ...(await createSession(ctx, row.user)),
  };
}

async function signUp(
  role: Role,
  githubUser: GithubUser,
  token: string,
  scope: string,
  ctx: Ctx,
): Promise<GithubOAuthResult> {
  if (role === 'company') {
    throw new AppError('BAD_REQUEST', {
      message: 'Company accounts sign up with an email and password',
    });
  }
  const [linked] = await ctx.db
    .select()
    .from(githubAccounts)
    .where(eq(githubAccounts.githubId, githubUser.id));
  if (linked) {
    throw new AppError('CONFLICT', {
      message: 'This GitHub account already has an OpenStake account. Sign in instead.',
    });
  }
  const email = await ctx.github.primaryEmail(token);
  if (!email) {
    throw new AppError('BAD_REQUEST', {
      message:
        'Your GitHub account has no verified email. Sign up with an email and password instead.',
    });
  }
  const mergedToOthers = await countForStartingXp(role, token, githubUser.login, ctx);
  const user = await inTransaction(ctx.db, async (tx) => {
    const created = await createUser(tx, {
      email: email.toLowerCase(),
      passwordHash: null,
      role,
      githubUsername: githubUser.login,
      // GitHub answers only a verified primary email.
      emailVerifiedAt: ctx.clock.now(),
    });
    await saveGithubAccount(tx, { user: created, githubUser, token, scope, mergedToOthers }, ctx);
    return created;
  });
  return { kind: 'session', user: toSessionUser(user), ...(await createSession(ctx, user)) };
}
