import { and, asc, eq } from 'drizzle-orm';
import { rankForXp, type ContributorProfile } from '@openstake/core';
import type { AppContext } from '../../context';
import { contributorProfiles, githubAccounts, users, xpEvents } from '../../db/schema';
import { githubProfileOrNull } from './github-profile';
import { AppError } from '../../errors';
import { decryptSecret } from '../../lib/secret-box';
import { getBalance, walletOf } from '../ledger/accounts';

/**
 * A contributor's profile. The owner sees their email; anyone else (the public profile) does
 * not. A contributor who chose not to be listed is readable by themselves only: to anyone else
 * the answer is the 404 of an unknown id, so nobody learns that they exist. The GitHub login is
 * the one GitHub proved (null without a linked account): the username typed at sign-up is only a
 * claim. GitHub details are best effort: the profile still shows when GitHub is unreachable.
 */
export async function getContributorProfile(
  input: { viewerId: string | null; userId: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'log'>,
): Promise<ContributorProfile> {
  const [row] = await ctx.db
    .select({ user: users, profile: contributorProfiles, github: githubAccounts })
    .from(users)
    .leftJoin(contributorProfiles, eq(contributorProfiles.userId, users.id))
    .leftJoin(githubAccounts, eq(githubAccounts.userId, users.id))
    .where(and(eq(users.id, input.userId), eq(users.role, 'contributor')));
  const isOwner = input.viewerId === input.userId;
  if (!row || (!isOwner && row.profile?.listedInDirectory === false)) {
    throw new AppError('NOT_FOUND', { message: 'Profile not found' });
  }

  const githubInfo: ContributorProfile['githubInfo'] = row.github
    ? await githubProfileOrNull(
        {
          login: row.github.login,
          token: decryptSecret(ctx.secrets.encryptionKey, row.github.accessTokenEncrypted),
        },
        ctx,
      )
    : null;
  const [coins, events] = await Promise.all([
    getBalance(ctx.db, walletOf(row.user.id)),
    ctx.db
      .select({ amount: xpEvents.amount, at: xpEvents.createdAt })
      .from(xpEvents)
      .where(eq(xpEvents.userId, row.user.id))
      .orderBy(asc(xpEvents.createdAt)),
  ]);
  let running = 0;
  const xpHistory = events.map((e) => ({ date: e.at.toISOString(), xp: (running += e.amount) }));
  return {
    id: row.user.id,
    githubUsername: row.github?.login ?? null,
    email: isOwner ? row.user.email : null,
    createdAt: row.user.createdAt.toISOString(),
    rank: rankForXp(row.user.xp),
    coins,
    xp: row.user.xp,
    name: row.profile?.name ?? githubInfo?.name ?? null,
    bio: row.profile?.bio ?? githubInfo?.bio ?? null,
    githubInfo,
    xpHistory,
  };
}
