import { DEFAULT_DEDUCTION_PERCENT } from '@openstake/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { githubAccounts, users } from '../../db/schema';
import { createUser } from '../auth/create-user';
import { connectRepository } from '../repositories/connect-repository';
import { disconnectRepository } from '../repositories/disconnect-repository';
import { findConnectedRepository } from '../repositories/connected-repository';
import { saveGithubAccount } from '../github/save-github-account';

/**
 * The demo's maintainers: organization admins of the simulator's world, each connecting some of
 * their organization's public repositories, so a fresh demo has issues to stake on (stakes and
 * suggestions are only for connected repositories). Their accounts have no password: visitors
 * sign in as them with 'Sign in with GitHub' on the simulator's authorize page.
 */
export const DEMO_MAINTAINERS = [
  {
    login: 'frontend-fay',
    repositories: ['pixel-forge/pixel-ui', 'pixel-forge/canvas-kit', 'pixel-forge/icon-forge'],
  },
  {
    login: 'lena-pythonista',
    repositories: [
      'data-harbor/stream-pipe',
      'data-harbor/tabular',
      'data-harbor/harbor-db',
      'data-harbor/etl-workbench',
    ],
  },
] as const;

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

/** The OpenStake user linked to a GitHub account, created (as a maintainer) on first start. */
async function demoMaintainer(ctx: Ctx, token: string): Promise<string> {
  const githubUser = await ctx.github.authenticatedUser(token);
  const [linked] = await ctx.db
    .select({ user: users })
    .from(githubAccounts)
    .innerJoin(users, eq(users.id, githubAccounts.userId))
    .where(eq(githubAccounts.githubId, githubUser.id));
  const email =
    (await ctx.github.primaryEmail(token)) ?? `${githubUser.login}@users.noreply.github.com`;
  return inTransaction(ctx.db, async (tx) => {
    const user =
      linked?.user ??
      (await createUser(tx, {
        email: email.toLowerCase(),
        passwordHash: null,
        role: 'maintainer',
        githubUsername: githubUser.login,
        // Signed in through the simulated GitHub, whose primary email is a verified one.
        emailVerifiedAt: ctx.clock.now(),
      }));
    // The simulator issues new tokens at every start: keep the current one.
    await saveGithubAccount(tx, { user, githubUser, token, scope: 'repo', mergedToOthers: 0 }, ctx);
    return user.id;
  });
}

/**
 * Seeds the demo maintainers and connects their repositories through the same services a
 * maintainer uses, with webhooks to `webhookUrl`. Safe to run at every start: accounts are found
 * again, and a repository they connected before is connected again, because the simulator (which
 * lives in memory) starts without the webhook it had; one a visitor connected is left alone.
 */
export async function seedDemoMaintainers(
  ctx: Ctx,
  input: { tokenFor: (login: string) => string; webhookUrl: string },
): Promise<{ maintainers: number; repositories: number }> {
  let connected = 0;
  for (const maintainer of DEMO_MAINTAINERS) {
    const userId = await demoMaintainer(ctx, input.tokenFor(maintainer.login));
    for (const fullName of maintainer.repositories) {
      const [owner, repo] = fullName.split('/') as [string, string];
      const current = await findConnectedRepository(ctx.db, fullName);
      if (current && current.connectedBy !== userId) continue; // a visitor's connection stays
      if (current) await disconnectRepository({ userId, owner, repo }, ctx);
      await connectRepository(
        {
          userId,
          owner,
          repo,
          deductionPercent: DEFAULT_DEDUCTION_PERCENT,
          webhookUrl: input.webhookUrl,
        },
        ctx,
      );
      connected++;
    }
  }
  return { maintainers: DEMO_MAINTAINERS.length, repositories: connected };
}
