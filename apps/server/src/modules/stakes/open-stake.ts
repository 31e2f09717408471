import type { AiAssistance, StakePrice } from '@openstake/core';
import type { Tx } from '../../db/database';
import type { stakes } from '../../db/schema';
import type { TrackedIssue } from '../issues/issue-store';
import { AppError } from '../../errors';
import { ensureAccount, stakeEscrowOf, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { rearmHold } from '../chain/chain-operations';
import { insertStakeOnOpenIssue } from './stake-store';

/**
 * Records a pending stake and moves its coins wallet -> the stake's escrow, in the caller's
 * transaction. The checks against GitHub happen before (createStake); the database refuses a
 * second active stake on the issue and the ledger refuses an overdraft.
 *
 * The stake is inserted only while the issue is open, reading the issue's row FOR SHARE in the
 * same statement: a close that the webhook records meanwhile (which locks that row, then returns
 * a bounty nobody has a pending stake on) either commits first, and the stake is refused, or
 * waits for the stake, and sees it pending. So no stake lands on an issue whose bounty went back.
 */
export async function openStake(
  tx: Tx,
  input: {
    userId: string;
    issue: TrackedIssue;
    /**
     * The contributor's price for the issue's stake (decision 015); the issue's stake when left
     * out (the demo's histories and tests that place stakes directly).
     */
    price?: Pick<StakePrice, 'amount' | 'factorPercent'>;
    aiAssistance?: AiAssistance;
    /** Until when this stake works alone on the issue (the repository's window). */
    exclusiveUntil?: Date | null;
    prNumber: number;
    prUrl: string;
    /** The repository's deduction percent now: a rejection later deducts this, not a later one. */
    deductionPercent: number;
  },
): Promise<typeof stakes.$inferSelect> {
  const row = await insertStakeOnOpenIssue(tx, {
    userId: input.userId,
    issueGithubId: input.issue.githubId,
    amount: input.price?.amount ?? input.issue.stakingRequired,
    pricePercent: input.price?.factorPercent ?? 100,
    aiAssistance: input.aiAssistance ?? 'none',
    exclusiveUntil: input.exclusiveUntil ?? null,
    prNumber: input.prNumber,
    prUrl: input.prUrl,
    deductionPercent: input.deductionPercent,
  });
  if (!row) throw new AppError('CONFLICT', { message: 'This issue is closed' });
  // The escrow is made with the stake, so the transfer finds both accounts at once.
  await ensureAccount(tx, stakeEscrowOf(row.id));
  await transfer(tx, {
    from: walletOf(input.userId),
    to: stakeEscrowOf(row.id),
    amount: row.amount,
    kind: 'stake',
    reference: row.id,
    idempotencyKey: `stake:${row.id}`,
  });
  // Work now pending on a bounty issue: its funded chain bounty is held for it on the chain. Only
  // an issue with a bounty to win can have one, so the others spend no statement on it.
  if (input.issue.bounty > 0) await rearmHold(tx, row.issueGithubId);
  return row;
}
