import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
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
 * Moves coins between two accounts: the one way coins move, except the monthly grant, which
 * writes the same rows for every due contributor in one statement (grant-monthly-coins.ts).
 *
 * It must run inside the caller's transaction, so that the coins move together with whatever
 * they pay for. One statement does it all when both accounts exist (the usual case): the transfer
 * row is written first, so a second transfer with the same idempotency key finds it (or waits for
 * the first to commit) and does nothing; the debit is conditional, so two concurrent debits can
 * never take a balance below zero on PostgreSQL either; the credit happens only with the debit.
 * An account used for the first time is created (ensureAccount), then the statement runs again.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`transfer amount must be a positive integer, got ${input.amount}`);
  }
  let moved = await moveCoins(tx, input);
  if (moved.accountsFound < 2) {
    await ensureAccount(tx, input.from);
    await ensureAccount(tx, input.to);
    moved = await moveCoins(tx, input);
  }
  if (moved.transferId === null) return { applied: false };
  if (!moved.debited) {
    throw new AppError('INSUFFICIENT_COINS', { message: 'Insufficient coins for this operation' });
  }
  if (!moved.credited) throw new Error(`transfer ${moved.transferId} debited but did not credit`);
  return { applied: true, transferId: moved.transferId };
}

interface Moved {
  accountsFound: number;
  transferId: string | null;
  debited: boolean;
  credited: boolean;
}

async function moveCoins(tx: Tx, input: TransferInput): Promise<Moved> {
  const { from, to, amount } = input;
  // Both drivers (pg and PGlite) answer with `rows`.
  const result = (await tx.execute(sql`
    with source as (
      select id from accounts where kind = ${from.kind} and owner = ${from.owner}
    ), target as (
      select id from accounts where kind = ${to.kind} and owner = ${to.owner}
    ), recorded as (
      insert into transfers (from_account_id, to_account_id, amount, kind, reference, idempotency_key)
      select source.id, target.id, ${amount}, ${input.kind}, ${input.reference}, ${input.idempotencyKey}
      from source, target
      on conflict (idempotency_key) do nothing
      returning id, from_account_id, to_account_id
    ), debited as (
      update accounts set balance = accounts.balance - ${amount}
      from recorded
      where accounts.id = recorded.from_account_id
        and (accounts.kind = 'mint' or accounts.balance >= ${amount})
      returning accounts.id
    ), credited as (
      update accounts set balance = accounts.balance + ${amount}
      from recorded, debited
      where accounts.id = recorded.to_account_id
      returning accounts.id
    )
    select
      (select count(*) from source)::int + (select count(*) from target)::int as accounts_found,
      (select id from recorded) as transfer_id,
      exists (select 1 from debited) as debited,
      exists (select 1 from credited) as credited
  `)) as unknown as {
    rows: {
      accounts_found: number;
      transfer_id: string | null;
      debited: boolean;
      credited: boolean;
    }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('the transfer statement returned no row');
  return {
    accountsFound: Number(row.accounts_found),
    transferId: row.transfer_id,
    debited: row.debited,
    credited: row.credited,
  };
}
