import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/transaction';
import { githubAccounts, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { GithubUser } from '../../integrations/github/port';
import { encryptSecret } from '../../lib/secret-box';
import { grantXp } from '../xp/grant-xp';

export const STARTING_XP_PER_MERGED_PR = 10;
export const STARTING_XP_CAP = 500;

const alreadyLinked = () =>
  new AppError('CONFLICT', {
    message: 'This GitHub account is already linked to another OpenStake account',
  });

/**
 * Stores the proven GitHub account (token encrypted) for a user, inside the caller's transaction,
 * and grants a contributor's starting XP once: 10 per merged pull request to repositories the
 * user does not own, at most 500. `mergedToOthers` is counted before the
 * transaction, as it takes GitHub calls.
 */
export async function saveGithubAccount(
  tx: Tx,
  input: {
    user: typeof users.$inferSelect;
    githubUser: GithubUser;
    token: string;
    scope: string;
    mergedToOthers: number;
  },
  ctx: Pick<AppContext, 'secrets'>,
): Promise<void> {
  const { user, githubUser } = input;
  const [other] = await tx
    .select({ userId: githubAccounts.userId })
    .from(githubAccounts)
    .where(and(eq(githubAccounts.githubId, githubUser.id), ne(githubAccounts.userId, user.id)));
  if (other) throw alreadyLinked();

  const values = {
    githubId: githubUser.id,
    login: githubUser.login,
    accessTokenEncrypted: encryptSecret(ctx.secrets.encryptionKey, input.token),
    scope: input.scope,
    linkedAt: new Date(),
    githubCreatedAt: githubUser.createdAt,
  };
  try {
    await tx
      .insert(githubAccounts)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: githubAccounts.userId, set: values });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyLinked();
    throw error;
  }
  // GitHub's spelling of the login is the verified one.
  await tx.update(users).set({ githubUsername: githubUser.login }).where(eq(users.id, user.id));

  const startingXp = Math.min(STARTING_XP_CAP, STARTING_XP_PER_MERGED_PR * input.mergedToOthers);
  if (user.role === 'contributor' && startingXp > 0) {
    await grantXp(tx, {
      userId: user.id,
      amount: startingXp,
      kind: 'starting_xp',
      reference: githubUser.login,
      idempotencyKey: `starting-xp:${user.id}`,
    });
  }
}
