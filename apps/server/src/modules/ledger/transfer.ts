import { and, eq, or, sql, gte } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { accounts, transfers } from '../../db/schema';
import { AppError } from '../../errors';
import { ensureAccount, type AccountRef } from './accounts';

export type TransferKind =
  | 'signup_grant'
  | 'monthly_grant'
  | 'stake'
  | 'stake_refund'
  | 'stake_deduction'
  | 'bounty_escrow'
  | 'bounty_fee'
  | 'bounty_payout'
  | 'bounty_refund'
  | 'merge_reward';

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amount: number;
  kind: TransferKind;
  /** What the transfer is about (a user, stake or bounty id), for statements and audits. */
  reference: string;
  /** The same key never moves coins twice, whoever retries or races. */
  idempotencyKey: string;
}

export type TransferResult = { applied: true; transferId: string } | { applied: false };

/**
 * Moves coins between two accounts. The only function that changes a balance.
 *
 * It must run inside the caller's transaction, so that the coins move together with whatever
 * they pay for. The transfer row is written first: a second transfer with the same idempotency
 * key finds it (or waits for the first to commit) and does nothing. The debit is a conditional
 * update, so two concurrent debits can never take a balance below zero on PostgreSQL either.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`transfer amount must be a positive integer, got ${input.amount}`);
  }
  const fromId = await ensureAccount(tx, input.from);
  const toId = await ensureAccount(tx, input.to);

  const [row] = await tx
    .insert(transfers)
    .values({
      fromAccountId: fromId,
      toAccountId: toId,
      amount: input.amount,
      kind: input.kind,
      reference: input.reference,
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: transfers.idempotencyKey })
    .returning({ id: transfers.id });
  if (!row) return { applied: false };

  const debited = await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} - ${input.amount}` })
    .where(
      and(
        eq(accounts.id, fromId),
        or(eq(accounts.kind, 'mint'), gte(accounts.balance, input.amount)),
      ),
    )
    .returning({ id: accounts.id });
  if (debited.length === 0) {
    throw new AppError('INSUFFICIENT_COINS', { message: 'Insufficient coins for this operation' });
  }
  await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${input.amount}` })
    .where(eq(accounts.id, toId));
  return { applied: true, transferId: row.id };
}
