import { and, asc, eq } from 'drizzle-orm';
import {
  formatTinybarsAsHbar,
  type HederaBalance,
  type SessionUser,
  type WalletType,
  type WalletsView,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { wallets } from '../../db/schema';
import { AppError } from '../../errors';
import { demoWalletAddressOf } from './demo-wallet-address';
import { walletView } from './save-wallet';
import { ownGithubName } from './wallet-owner';

/** GET /api/wallet: the user's linked wallets, and the GitHub name they are linked under. */
export async function listWallets(
  user: SessionUser,
  ctx: Pick<AppContext, 'db'>,
): Promise<WalletsView> {
  const [rows, githubUsername, demoWalletAddress] = await Promise.all([
    ctx.db.select().from(wallets).where(eq(wallets.userId, user.id)).orderBy(asc(wallets.type)),
    ownGithubName(user, ctx),
    demoWalletAddressOf(user.id, ctx),
  ]);
  return {
    githubUsername,
    wallets: rows.map(walletView),
    demoWalletAddress,
  };
}

/** DELETE /api/wallet/{walletType}: forgets the linked wallet of that type (none: a 404). */
export async function disconnectWallet(
  input: { userId: string; walletType: WalletType },
  ctx: Pick<AppContext, 'db'>,
): Promise<void> {
  const removed = await ctx.db
    .delete(wallets)
    .where(and(eq(wallets.userId, input.userId), eq(wallets.type, input.walletType)))
    .returning({ id: wallets.id });
  if (removed.length === 0) {
    throw new AppError('NOT_FOUND', { message: 'No wallet of this type is linked' });
  }
}

/** GET /api/wallet/hedera/balance: the linked Hedera account's balance, from the mirror node. */
export async function getHederaBalance(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'hederaMirror'>,
): Promise<HederaBalance> {
  const [row] = await ctx.db
    .select({ address: wallets.address })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.type, 'hedera')));
  if (!row) throw new AppError('NOT_FOUND', { message: 'No Hedera wallet is linked' });
  const account = await ctx.hederaMirror.getAccount(row.address);
  if (!account) {
    throw new AppError('NOT_FOUND', {
      message: `Hedera account ${row.address} was not found on the mirror node`,
    });
  }
  return { accountId: row.address, balance: formatTinybarsAsHbar(account.balance) };
}
