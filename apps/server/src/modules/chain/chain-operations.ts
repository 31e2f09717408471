import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/database';
import { chainBounties, chainOperations } from '../../db/schema';
import { STAKE_LIFETIME_DAYS } from '@openstake/core';

export type ChainOperation = typeof chainOperations.$inferSelect;

export interface ReleasePayload {
  /** The contributor paid in OpenStake, whose linked wallet the chain pays. */
  userId: string;
  stakeId: string;
}

/** A funded chain bounty of the issue: the only kind the operator writes anything about. */
const fundedChainBounty = (issueGithubId: number) => sql`exists (
  select 1 from ${chainBounties}
  where ${chainBounties.issueGithubId} = ${issueGithubId} and ${chainBounties.fundedAt} is not null
)`;

/**
 * Mirrors a bounty's end (its payout to the winner, or its refund) on the chain, in the caller's
 * transaction: only for a bounty issue whose chain bounty its maintainer funded, and once per
 * issue (the unique kind and reference). A chain bounty never funded pays nothing on the chain.
 * The caller has updated the bounty issue's row (paid or refunded) first, so a funding confirmed
 * at the same moment, which locks that row before it marks the chain bounty funded, either
 * commits before this statement and is seen by it, or waits and sees the bounty ended
 * (confirm-chain-funding.ts).
 */
export async function enqueueBountyEnd(
  tx: Tx,
  input:
    | { kind: 'release'; issueGithubId: number; payload: ReleasePayload; now: Date }
    | { kind: 'refund'; issueGithubId: number; now: Date },
): Promise<void> {
  const payload = input.kind === 'release' ? input.payload : {};
  await insertOperation(tx, input.kind, input.issueGithubId, payload, input.now, {
    onlyIfFunded: true,
  });
}

/** Refunds a chain bounty to the wallet that paid it in, whatever OpenStake's bounty is doing. */
export async function enqueueChainRefund(
  tx: Tx,
  input: { issueGithubId: number; now: Date },
): Promise<void> {
  await insertOperation(tx, 'refund', input.issueGithubId, {}, input.now, { onlyIfFunded: false });
}

async function insertOperation(
  tx: Tx,
  kind: 'release' | 'refund',
  issueGithubId: number,
  payload: object,
  now: Date,
  { onlyIfFunded }: { onlyIfFunded: boolean },
): Promise<void> {
  await tx.execute(sql`
    insert into ${chainOperations}
      (kind, reference, issue_github_id, payload, next_attempt_at, created_at, updated_at)
    select ${kind}, ${String(issueGithubId)}, ${issueGithubId}, ${JSON.stringify(payload)}::jsonb,
      ${now}, ${now}, ${now}
    where ${onlyIfFunded ? fundedChainBounty(issueGithubId) : sql`true`}
    on conflict (kind, reference) do nothing`);
}

/**
 * Re-arms the issue's hold (the chain's record of pending work, which the funder's refund waits
 * for) in the caller's transaction, after its pending stakes changed: a stake placed or settled,
 * or its chain bounty funded. Every issue with a chain bounty, funded or not yet, has one hold
 * operation; each change makes it pending again with the next revision. Its sender works out the
 * hold from the stakes when it sends and records it done only for the revision it started with,
 * so a change committed while it sent is sent again, never lost. Nothing for an issue without a
 * chain bounty (one indexed lookup).
 */
export async function rearmHold(tx: Tx, issueGithubId: number, now?: Date): Promise<void> {
  const at = now ?? sql`now()`;
  await tx.execute(sql`
    insert into ${chainOperations}
      (kind, reference, issue_github_id, payload, next_attempt_at, created_at, updated_at)
    select 'hold', ${String(issueGithubId)}, ${issueGithubId}, '{}'::jsonb, ${at}, ${at}, ${at}
    from ${chainBounties}
    where ${chainBounties.issueGithubId} = ${issueGithubId}
    on conflict (kind, reference) do update set
      status = 'pending',
      revision = ${chainOperations.revision} + 1,
      attempts = 0,
      last_error = null,
      next_attempt_at = excluded.next_attempt_at,
      updated_at = excluded.updated_at`);
}

/**
 * How long a contributor's pending work holds the bounty: a stake lives 30 days before it expires
 * in full (stakes/expire-stakes.ts, an hourly job), and a day more covers the job's delay.
 */
export const HOLD_SECONDS = BigInt((STAKE_LIFETIME_DAYS + 1) * 86_400);

/**
 * When the newest stake still pending on an issue was placed, in whole unix seconds; null when
 * none is. The stakes module answers (its store's newestPendingStakeOn): stakes sits above chain,
 * so whoever runs the sender passes it in (the job runner; the tests).
 */
export type NewestPendingStake = (db: Queryable, issueGithubId: number) => Promise<bigint | null>;

/**
 * The hold the chain should have for the issue (unix seconds, 0 for none): until the newest
 * pending stake on it would have expired. A hold that runs out while OpenStake is away frees the
 * funder's bounty at most 31 days after the last stake (the contract cannot wait for a platform
 * that is gone).
 */
export async function wantedHold(
  db: Queryable,
  issueGithubId: number,
  newestPendingStake: NewestPendingStake,
): Promise<bigint> {
  const newest = await newestPendingStake(db, issueGithubId);
  return newest === null ? 0n : newest + HOLD_SECONDS;
}
