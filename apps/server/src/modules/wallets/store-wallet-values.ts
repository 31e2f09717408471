import { walletTypeOfAddress, type SessionUser, type WalletChallenge } from '@openstake/core';
import type { AppContext } from '../../context';
import { issueWalletChallenge } from './wallet-challenge';
import { requireOwnGithubName } from './wallet-owner';

/**
 * 'Store These Values' (POST /api/store/values): the form's values are kept with a new
 * challenge for the typed address, which the wallet then signs. Storing proves nothing.
 */
export async function storeWalletValues(
  input: {
    user: SessionUser;
    values: {
      githubUsername: string;
      publicKey: string;
      owner?: string | null;
      repo?: string | null;
      issue?: number | null;
    };
    origin: string;
  },
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'chain'>,
): Promise<WalletChallenge> {
  const { values } = input;
  const githubUsername = await requireOwnGithubName(input.user, values.githubUsername, ctx);
  const walletType = walletTypeOfAddress(values.publicKey);
  if (!walletType) throw new Error('the schema admits only wallet addresses');
  return issueWalletChallenge(
    {
      userId: input.user.id,
      walletType,
      address: values.publicKey,
      origin: input.origin,
      context: {
        githubUsername,
        owner: values.owner ?? null,
        repo: values.repo ?? null,
        issue: values.issue ?? null,
      },
    },
    ctx,
  );
}
