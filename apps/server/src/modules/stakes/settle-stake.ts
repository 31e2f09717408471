import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { repositories, stakes } from '../../db/schema';
import { MINT, walletOf, type AccountRef } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { grantXp } from '../xp/grant-xp';
import { stakeEscrowOf } from './open-stake';

export const DEFAULT_DEDUCTION_PERCENT = 10;

export type StakeOutcome =
  | { kind: 'merged'; xp: number; coins: number }
  | { kind: 'closed_after_review' }
  | { kind: 'closed_without_review' }
  | { kind: 'timed_out' };

/** The deduction on a rejected stake: rounded down, so a newcomer never loses a coin more. */
export const deductionFor = (amount: number, percent: number): number =>
  Math.floor((amount * percent) / 100);

/**
 * Settles a pending stake exactly once, whichever signal (webhook, poll, in-app merge, expiry)
 * gets here first and however many arrive together: the status change from 'pending' is the
 * guard, and it commits together with every coin and XP movement. Returns false when the stake
 * was already settled.
 */
export async function settleStake(
  input: { stakeId: string; outcome: StakeOutcome; settledBy: string },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const status =
      input.outcome.kind === 'merged'
        ? 'accepted'
        : input.outcome.kind === 'closed_after_review'
          ? 'rejected'
          : 'expired';
    const [stake] = await tx
      .update(stakes)
      .set({ status, settledAt: ctx.clock.now(), settledBy: input.settledBy })
      .where(and(eq(stakes.id, input.stakeId), eq(stakes.status, 'pending')))
      .returning();
    if (!stake) return false;

    const escrow = stakeEscrowOf(stake.id);
    const wallet = walletOf(stake.userId);
    const move = (
      to: AccountRef,
      amount: number,
      kind: 'stake_refund' | 'stake_deduction',
      key: string,
    ) =>
      amount > 0
        ? transfer(tx, {
            from: escrow,
            to,
            amount,
            kind,
            reference: stake.id,
            idempotencyKey: `${key}:${stake.id}`,
          })
        : undefined;

    if (input.outcome.kind === 'merged') {
      await move(wallet, stake.amount, 'stake_refund', 'stake-refund');
      const { xp, coins } = input.outcome;
      if (coins > 0) {
        await transfer(tx, {
          from: MINT,
          to: wallet,
          amount: coins,
          kind: 'merge_reward',
          reference: stake.id,
          idempotencyKey: `stake-reward:${stake.id}`,
        });
      }
      if (xp > 0)
        await grantXp(tx, {
          userId: stake.userId,
          amount: xp,
          kind: 'merge_reward',
          reference: stake.id,
          idempotencyKey: `stake-xp:${stake.id}`,
        });
      await tx
        .update(stakes)
        .set({ coinsEarned: coins, xpEarned: xp })
        .where(eq(stakes.id, stake.id));
    } else if (input.outcome.kind === 'closed_after_review') {
      const [repo] = await tx
        .select({ percent: repositories.deductionPercent })
        .from(repositories)
        .where(eq(repositories.fullName, stake.repositoryFullName));
      const deduction = deductionFor(stake.amount, repo?.percent ?? DEFAULT_DEDUCTION_PERCENT);
      await move(
        { kind: 'repo_treasury', owner: stake.repositoryFullName },
        deduction,
        'stake_deduction',
        'stake-deduction',
      );
      await move(wallet, stake.amount - deduction, 'stake_refund', 'stake-refund');
      await tx.update(stakes).set({ coinsLost: deduction }).where(eq(stakes.id, stake.id));
    } else {
      await move(wallet, stake.amount, 'stake_refund', 'stake-refund');
    }
    return true;
  });
}
