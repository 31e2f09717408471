import { eq } from 'drizzle-orm';
import type { SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { githubAccounts } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * The GitHub name a wallet is linked under must be the user's own: their verified login when
 * they linked GitHub, else the name of their account. Nobody links a wallet to someone else's.
 */
export async function requireOwnGithubName(
  user: SessionUser,
  githubUsername: string,
  ctx: Pick<AppContext, 'db'>,
): Promise<string> {
  const [account] = await ctx.db
    .select({ login: githubAccounts.login })
    .from(githubAccounts)
    .where(eq(githubAccounts.userId, user.id));
  const own = account?.login ?? user.githubUsername;
  if (own === null) {
    throw new AppError('FORBIDDEN', { message: 'Only contributors and maintainers link wallets' });
  }
  if (own.toLowerCase() !== githubUsername.trim().toLowerCase()) {
    throw new AppError('FORBIDDEN', {
      field: 'githubUsername',
      message: `You can only link a wallet to your own GitHub username (${own})`,
    });
  }
  return own;
}
