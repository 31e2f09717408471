import { and, eq } from 'drizzle-orm';
import type { LinkWalletResult, SessionUser, WalletType } from '@openstake/core';
import type { AppContext } from '../../context';
import { wallets } from '../../db/schema';
import { AppError } from '../../errors';
import { linkProvenWallet, walletView } from './save-wallet';
import { recoverEvmSigner } from './verify-signatures';
import { openChallenge } from './wallet-challenge';
import { requireOwnGithubName } from './wallet-owner';

/**
 * POST /api/users/create: the wallet user record, which in OpenStake links the wallet
 * to the signed-in account (no second account, no role change). A MetaMask wallet is linked here
 * when its signature of the user's Sign-In with Ethereum challenge recovers to its address; a
 * Hedera wallet must already have been proven through /api/hedera/connect. A typed address
 * alone links nothing.
 */
export async function linkWallet(
  input: {
    user: SessionUser;
    githubUsername: string;
    walletType: WalletType;
    walletAddress: string;
    message?: string;
    signature?: string;
  },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<LinkWalletResult> {
  const githubUsername = await requireOwnGithubName(input.user, input.githubUsername, ctx);
  if (input.walletType === 'hedera') {
    const [row] = await ctx.db
      .select()
      .from(wallets)
      .where(
        and(
          eq(wallets.userId, input.user.id),
          eq(wallets.type, 'hedera'),
          eq(wallets.address, input.walletAddress),
        ),
      );
    if (!row) {
      throw new AppError('BAD_REQUEST', {
        field: 'walletAddress',
        message: 'Connect this Hedera account first: its key must sign the challenge',
      });
    }
    return { success: true, user: { githubUsername }, wallet: walletView(row) };
  }

  const message = input.message ?? '';
  const { row } = await openChallenge(
    { userId: input.user.id, walletType: 'metamask', address: input.walletAddress, message },
    ctx,
  );
  const signer = await recoverEvmSigner(message, input.signature ?? '');
  if (!signer || signer.address !== input.walletAddress) {
    throw new AppError('BAD_REQUEST', {
      field: 'signature',
      message: `The signature was not made by ${input.walletAddress}`,
    });
  }
  const wallet = await linkProvenWallet(
    row,
    {
      userId: input.user.id,
      walletType: 'metamask',
      address: signer.address,
      publicKey: signer.publicKey,
    },
    ctx,
  );
  return { success: true, user: { githubUsername }, wallet };
}
