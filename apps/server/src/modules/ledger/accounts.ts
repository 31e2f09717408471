import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { accounts, type ACCOUNT_KINDS } from '../../db/schema';

export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export interface AccountRef {
  kind: AccountKind;
  /** What the account belongs to: a user id for a wallet, a stake id for its escrow; '' for singletons. */
  owner: string;
}

export const MINT: AccountRef = { kind: 'mint', owner: '' };
/**
 * Merge rewards are minted from one of MINT_SHARDS mint rows, at random, so that concurrent
 * settlements do not queue on one row's lock until they commit. They are one mint: every mint row
 * may be negative, and the invariant sums all balances (check-invariant.ts). Grants come from MINT.
 */
export const MINT_SHARDS = 8;
export const mintShard = (): AccountRef => {
  const shard = randomInt(MINT_SHARDS);
  return shard === 0 ? MINT : { kind: 'mint', owner: `shard-${String(shard)}` };
};
export const PLATFORM_FEES: AccountRef = { kind: 'platform_fees', owner: '' };
export const walletOf = (userId: string): AccountRef => ({ kind: 'wallet', owner: userId });
/** A stake's coins while it is pending. */
export const stakeEscrowOf = (stakeId: string): AccountRef => ({
  kind: 'stake_escrow',
  owner: stakeId,
});
/** A bounty issue's bounty until it is paid or refunded. */
export const bountyEscrowOf = (issueGithubId: number): AccountRef => ({
  kind: 'bounty_escrow',
  owner: String(issueGithubId),
});

/** Returns the account's id, creating the account on first use (safe under concurrency). */
export async function ensureAccount(db: Queryable, ref: AccountRef): Promise<string> {
  const inserted = await db
    .insert(accounts)
    .values(ref)
    .onConflictDoNothing({ target: [accounts.kind, accounts.owner] })
    .returning({ id: accounts.id });
  if (inserted[0]) return inserted[0].id;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.kind, ref.kind), eq(accounts.owner, ref.owner)));
  if (!row) throw new Error(`account ${ref.kind}:${ref.owner} vanished after insert conflict`);
  return row.id;
}

/** The balance of an account; an account never used has 0. */
export async function getBalance(db: Queryable, ref: AccountRef): Promise<number> {
  const [row] = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.kind, ref.kind), eq(accounts.owner, ref.owner)));
  return row?.balance ?? 0;
}
