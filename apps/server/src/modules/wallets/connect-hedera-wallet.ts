import { formatTinybarsAsHbar, type HederaConnectResult, type SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { linkProvenWallet } from './save-wallet';
import { verifyHederaSignature } from './verify-signatures';
import { openChallenge } from './wallet-challenge';
import { requireOwnGithubName } from './wallet-owner';

/**
 * POST /api/hedera/connect: links a Hedera account whose key signed the user's challenge. The
 * key (and the balance) come from the mirror node, never from the request; OpenStake never
 * connects its own operator account for a user, whatever `useEnvCredentials` says.
 */
export async function connectHederaWallet(
  input: {
    user: SessionUser;
    githubUsername: string;
    accountId: string;
    message: string;
    signature: string;
  },
  ctx: Pick<AppContext, 'db' | 'clock' | 'hederaMirror'>,
): Promise<HederaConnectResult> {
  await requireOwnGithubName(input.user, input.githubUsername, ctx);
  const { row } = await openChallenge(
    {
      userId: input.user.id,
      walletType: 'hedera',
      address: input.accountId,
      message: input.message,
    },
    ctx,
  );
  const account = await ctx.hederaMirror.getAccount(input.accountId);
  if (!account) {
    throw new AppError('NOT_FOUND', {
      field: 'publicKey',
      message: `Hedera account ${input.accountId} was not found on the mirror node`,
    });
  }
  if (!account.key) {
    throw new AppError('BAD_REQUEST', {
      field: 'publicKey',
      message: 'This Hedera account has no single ED25519 or ECDSA key to sign with',
    });
  }
  if (!verifyHederaSignature(account.key, input.message, input.signature)) {
    throw new AppError('BAD_REQUEST', {
      field: 'signature',
      message: `The signature was not made by the key of Hedera account ${input.accountId}`,
    });
  }
  const wallet = await linkProvenWallet(
    row,
    {
      userId: input.user.id,
      walletType: 'hedera',
      address: input.accountId,
      publicKey: account.key.publicKey,
    },
    ctx,
  );
  return {
    success: true,
    error: null,
    accountId: wallet.address,
    balance: formatTinybarsAsHbar(account.balance),
    publicKey: wallet.publicKey,
  };
}
