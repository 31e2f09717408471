import type { Tx } from '../../db/database';
import { mintShard, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { grantXp } from './grant-xp';

/**
 * Pays a merge's reward, coins from the mint and XP, inside the caller's transaction: the one
 * way both merge paths pay (a staked pull request's settlement, and the maintainer's reward
 * without a stake, decision 004). Each part is once-only by its idempotency key, `<prefix>-reward:
 * <reference>` for the coins and `<prefix>-xp:<reference>` for the XP.
 */
export async function payMergeReward(
  tx: Tx,
  input: { userId: string; coins: number; xp: number; reference: string; keyPrefix: string },
): Promise<void> {
  if (input.coins > 0) {
    await transfer(tx, {
      from: mintShard(),
      to: walletOf(input.userId),
      amount: input.coins,
      kind: 'merge_reward',
      reference: input.reference,
      idempotencyKey: `${input.keyPrefix}-reward:${input.reference}`,
    });
  }
  if (input.xp > 0) {
    await grantXp(tx, {
      userId: input.userId,
      amount: input.xp,
      kind: 'merge_reward',
      reference: input.reference,
      idempotencyKey: `${input.keyPrefix}-xp:${input.reference}`,
    });
  }
}
