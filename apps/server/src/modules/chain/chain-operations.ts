import { and, eq, sql } from 'drizzle-orm';
import type { LedgerNetworkRecord } from '@openstake/core';
import type { Queryable, Tx } from '../../db/database';
import { chainOperations } from '../../db/schema';
import type { Chain } from '../../integrations/chain/chain';

/** How long from its creation a bounty's chain record promises it (decision 009: informational). */
const CHAIN_DEADLINE_SECONDS = 90n * 86_400n;

const LEDGER_NETWORK_NOT_CONFIGURED =
  'No ledger network is configured; the bounty is held in OpenStake coins';

export type ChainOperation = typeof chainOperations.$inferSelect;

export interface RecordIssuePayload {
  /** The bounty in the chain's smallest unit, a decimal string. */
  amount: string;
  /** Unix seconds. */
  deadline: string;
}
export interface AddBountyPayload {
  /** What to add, and the issue's amount on the chain before and after it (smallest unit). */
  amount: string;
  totalBefore: string;
  totalAfter: string;
}
export interface ReleasePayload {
  /** The contributor paid in OpenStake, whose linked wallet the chain pays. */
  userId: string;
  stakeId: string;
}

/**
 * The bounty issue's chain record, to be sent by the outbox: written in the transaction that
 * creates the bounty issue, so the issue and its pending record commit together.
 */
export async function enqueueRecordIssue(
  tx: Tx,
  input: { issueGithubId: number; amountWei: bigint; now: Date },
): Promise<ChainOperation> {
  const deadline = BigInt(Math.floor(input.now.getTime() / 1000)) + CHAIN_DEADLINE_SECONDS;
  const payload: RecordIssuePayload = {
    amount: input.amountWei.toString(),
    deadline: deadline.toString(),
  };
  const [row] = await tx
    .insert(chainOperations)
    .values({
      kind: 'record_issue',
      reference: String(input.issueGithubId),
      issueGithubId: input.issueGithubId,
      payload,
      nextAttemptAt: input.now,
      updatedAt: input.now,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('the chain record was not written');
  return row;
}

/**
 * Mirrors a bounty's end (its payout to the winner, or its refund) on the chain, in the caller's
 * transaction: only for a bounty issue whose creation was mirrored (one with a record_issue
 * operation), and once per issue (the unique kind and reference).
 */
export async function enqueueBountyEnd(
  tx: Tx,
  input:
    | { kind: 'release'; issueGithubId: number; payload: ReleasePayload; now: Date }
    | { kind: 'refund'; issueGithubId: number; now: Date },
): Promise<void> {
  const reference = String(input.issueGithubId);
  const payload = input.kind === 'release' ? input.payload : {};
  await tx.execute(sql`
    insert into ${chainOperations}
      (kind, reference, issue_github_id, payload, next_attempt_at, created_at, updated_at)
    select ${input.kind}, ${reference}, ${input.issueGithubId}, ${JSON.stringify(payload)}::jsonb,
      ${input.now}, ${input.now}, ${input.now}
    where exists (
      select 1 from ${chainOperations}
      where kind = 'record_issue' and reference = ${reference}
    )
    on conflict (kind, reference) do nothing`);
}

/**
 * A chain operation about a bounty issue as the API shows it: its status, and the issue's id on
 * the chain (the GitHub issue id), whichever operation it is (the record or an addition).
 */
export function ledgerNetworkRecord(
  op: Pick<ChainOperation, 'status' | 'issueGithubId' | 'txHash' | 'lastError'> | null | undefined,
  chain: Pick<Chain, 'explorerTxUrl'> | null,
): LedgerNetworkRecord {
  if (!op) return { status: 'not_configured', message: LEDGER_NETWORK_NOT_CONFIGURED };
  const id = String(op.issueGithubId);
  if (op.status === 'recorded' && op.txHash) {
    return {
      status: 'recorded',
      id,
      txHash: op.txHash,
      explorerUrl: chain?.explorerTxUrl(op.txHash) ?? null,
    };
  }
  if (op.status === 'failed') {
    return { status: 'failed', id, reason: op.lastError ?? 'Failed' };
  }
  return { status: 'pending', id, lastError: op.lastError };
}

/** The record_issue operation of a bounty issue, if it has one. */
export async function findRecordIssueOperation(
  db: Queryable,
  issueGithubId: number,
): Promise<ChainOperation | undefined> {
  const [row] = await db
    .select()
    .from(chainOperations)
    .where(
      and(
        eq(chainOperations.kind, 'record_issue'),
        eq(chainOperations.reference, String(issueGithubId)),
      ),
    );
  return row;
}
