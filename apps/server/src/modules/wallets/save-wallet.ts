import { and, eq, ne } from 'drizzle-orm';
import type { LinkedWallet, WalletType } from '@openstake/core';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import { inTransaction, isUniqueViolation } from '../../db/transaction';
import { wallets } from '../../db/schema';
import { AppError } from '../../errors';
import { claimChallenge, type ChallengeRow } from './wallet-challenge';

const takenByAnother = () =>
  new AppError('CONFLICT', {
    message: 'This wallet is already linked to another OpenStake account',
  });

export const walletView = (row: typeof wallets.$inferSelect): LinkedWallet => ({
  walletType: row.type,
  address: row.address,
  publicKey: row.publicKey,
  linkedAt: row.linkedAt.toISOString(),
});

/** Records a proven wallet; the user's earlier wallet of the same type is replaced. */
export async function saveWallet(
  tx: Tx,
  input: { userId: string; walletType: WalletType; address: string; publicKey: string; now: Date },
): Promise<LinkedWallet> {
  const [other] = await tx
    .select({ userId: wallets.userId })
    .from(wallets)
    .where(
      and(
        eq(wallets.type, input.walletType),
        eq(wallets.address, input.address),
        ne(wallets.userId, input.userId),
      ),
    );
  if (other) throw takenByAnother();
  const values = { address: input.address, publicKey: input.publicKey, linkedAt: input.now };
  try {
    const [row] = await tx
      .insert(wallets)
      .values({ userId: input.userId, type: input.walletType, ...values })
      .onConflictDoUpdate({ target: [wallets.userId, wallets.type], set: values })
      .returning();
    if (!row) throw new Error('wallet not saved');
    return walletView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw takenByAnother();
    throw error;
  }
}

/**
 * Links a wallet whose signature of `challenge` was verified: uses the challenge (once) and
 * records the wallet, in one transaction, so a challenge never links two wallets.
 */
export async function linkProvenWallet(
  challenge: ChallengeRow,
  wallet: { userId: string; walletType: WalletType; address: string; publicKey: string },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<LinkedWallet> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    await claimChallenge(tx, challenge, now);
    return saveWallet(tx, { ...wallet, now });
  });
}
