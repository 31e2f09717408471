import type { SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { getGithubAccount } from '../github/github-account';
import { AppError } from '../../errors';

/** The user's GitHub name: their verified login when they linked GitHub, else their account's. */
export async function ownGithubName(
  user: SessionUser,
  ctx: Pick<AppContext, 'db'>,
): Promise<string | null> {
  return (await getGithubAccount(user.id, ctx)).login ?? user.githubUsername;
}

/**
 * The GitHub name a wallet is linked under must be the user's own: their verified login when
 * they linked GitHub, else the name of their account. Nobody links a wallet to someone else's.
 */
export async function requireOwnGithubName(
  user: SessionUser,
  githubUsername: string,
  ctx: Pick<AppContext, 'db'>,
): Promise<string> {
  const own = await ownGithubName(user, ctx);
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
