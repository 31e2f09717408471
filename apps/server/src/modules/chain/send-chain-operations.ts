import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { chainOperations } from '../../db/schema';
import { ChainError, type Chain, type Hex } from '../../integrations/chain/chain';
import {
  wantedHold,
  type ChainOperation,
  type NewestPendingStake,
  type ReleasePayload,
} from './chain-operations';
import { payoutAddressOf } from '../wallets/payout-address';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log' | 'chain'>;

/** One sender's claim on an operation; a sender that died leaves it to the next after this. */
const CLAIM_MS = 3 * 60_000;
/** A sent transaction with no receipt yet is waited for this long before it is sent again. */
const SENT_PATIENCE_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Operations one run of the job sends at most. */
const BATCH = 20;

/** Retry after 10 s, 20 s, 40 s ... at most an hour. */
const backoffMs = (attempts: number): number =>
  Math.min(10_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/** Not yet possible (the issue is not on the chain yet, no wallet to pay): try again later. */
class NotYet extends Error {}

const LEGACY_OPERATION =
  'made for escrow contract version 2, where the operator paid bounties in; never sent again';

/**
 * Sends one outbox operation if it is due and nobody else holds it, and records what became of
 * it. Idempotent: before sending, it reads the chain, and an operation the chain already shows
 * done (a send whose answer was lost, a retried request) is recorded with the transaction that
 * did it, never sent twice; the contract also refuses a second release or refund, and a hold is
 * a value set, not added. Returns the operation as it left it, or undefined when it was not due
 * or is held by another sender. `newestPendingStake`: the stakes module's answer a hold is worked
 * out from (chain-operations.ts). `evenIfBackingOff`: someone asked for it now, so the backoff is
 * not waited for; a claim still is.
 */
export async function sendChainOperation(
  id: string,
  ctx: Ctx,
  newestPendingStake: NewestPendingStake,
  options: { evenIfBackingOff?: boolean } = {},
): Promise<ChainOperation | undefined> {
  const { chain } = ctx;
  if (!chain) return undefined;
  const now = ctx.clock.now();
  const [op] = await ctx.db
    .update(chainOperations)
    .set({
      lockedUntil: new Date(now.getTime() + CLAIM_MS),
      attempts: sql`${chainOperations.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(chainOperations.id, id),
        inArray(chainOperations.status, ['pending', 'sent']),
        options.evenIfBackingOff ? undefined : lte(chainOperations.nextAttemptAt, now),
        or(isNull(chainOperations.lockedUntil), lte(chainOperations.lockedUntil, now)),
      ),
    )
    .returning();
  if (!op) return undefined;

  // Every write after the claim is for the revision claimed: a hold re-armed meanwhile stays
  // pending for the next send, with only this sender's claim let go.
  const thisRevision = and(
    eq(chainOperations.id, op.id),
    eq(chainOperations.revision, op.revision),
  );
  const letGo = async () => {
    const [left] = await ctx.db
      .update(chainOperations)
      .set({ lockedUntil: null, updatedAt: ctx.clock.now() })
      .where(eq(chainOperations.id, op.id))
      .returning();
    return left;
  };
  const markSent = async (hash: Hex) => {
    await ctx.db
      .update(chainOperations)
      .set({ status: 'sent', txHash: hash, sentAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
      .where(thisRevision);
  };
  try {
    const hash = await perform(op, chain, { markSent, newestPendingStake }, ctx);
    const [done] = await ctx.db
      .update(chainOperations)
      .set({
        status: 'recorded',
        ...(hash ? { txHash: hash } : {}),
        lastError: null,
        lockedUntil: null,
        recordedAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .where(thisRevision)
      .returning();
    return done ?? (await letGo());
  } catch (error) {
    const permanent = error instanceof ChainError && error.kind === 'reverted';
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof NotYet)) {
      ctx.log.warn(
        { err: error, operation: op.kind, issue: op.issueGithubId, attempts: op.attempts },
        permanent
          ? 'a chain operation was refused'
          : 'a chain operation failed; it will be retried',
      );
    }
    const later = ctx.clock.now();
    const [left] = await ctx.db
      .update(chainOperations)
      .set({
        ...(permanent ? { status: 'failed' as const } : {}),
        lastError: message,
        lockedUntil: null,
        nextAttemptAt: new Date(later.getTime() + backoffMs(op.attempts)),
        updatedAt: later,
      })
      .where(thisRevision)
      .returning();
    return left ?? (await letGo());
  }
}

/**
 * Does the operation on the chain, or finds it already done; returns the transaction's hash, or
 * null for a hold the chain already held (nothing had to be sent).
 */
async function perform(
  op: ChainOperation,
  chain: Chain,
  {
    markSent,
    newestPendingStake,
  }: { markSent: (hash: Hex) => Promise<void>; newestPendingStake: NewestPendingStake },
  ctx: Ctx,
): Promise<Hex | null> {
  if (op.kind === 'record_issue' || op.kind === 'add_bounty') {
    throw new ChainError('reverted', LEGACY_OPERATION);
  }
  const issueId = BigInt(op.issueGithubId);
  // A transaction sent by an earlier attempt: done, still on its way, or lost. A hold is
  // compared with what it should be now, so a sent one only has to be waited for.
  if (op.txHash && op.status === 'sent') {
    const status = await chain.transactionStatus(op.txHash as Hex);
    if (status === 'success' && op.kind !== 'hold') return op.txHash as Hex;
    if (
      status === 'unknown' &&
      op.sentAt &&
      ctx.clock.now().getTime() - op.sentAt.getTime() < SENT_PATIENCE_MS
    ) {
      throw new NotYet('waiting for the transaction sent earlier to be mined');
    }
  }
  // Before anything is sent for it: where a transaction that did it could start to be.
  const fromBlock = op.fromBlock ?? (await rememberFromBlock(op, chain, ctx));
  const onChain = await chain.getIssue(issueId);
  const doneBy = async (event: Parameters<Chain['findEventTransaction']>[0]): Promise<Hex> => {
    const hash = await chain.findEventTransaction(event, issueId, fromBlock);
    if (!hash) throw new NotYet(`the chain shows the issue done but not its ${event} event yet`);
    return hash;
  };

  if (op.kind === 'hold') {
    // Nothing to hold on a bounty not on the chain yet (its funding re-arms the hold), or ended.
    if (!onChain || onChain.status === 'released' || onChain.status === 'refunded') return null;
    const wanted = await wantedHold(ctx.db, op.issueGithubId, newestPendingStake);
    if (onChain.heldUntil === wanted) return null;
    return chain.setHold({ issueId, heldUntil: wanted }, markSent);
  }

  if (!onChain) throw new NotYet('the chain bounty is not on the chain yet');
  if (op.kind === 'refund') {
    if (onChain.status === 'refunded') return doneBy('BountyRefunded');
    if (onChain.status === 'released') {
      throw new ChainError('reverted', 'the bounty was already released on the chain');
    }
    return chain.refund({ issueId }, markSent);
  }

  // release: to the winner's linked wallet, named in the release itself, so whoever the issue
  // is assigned to on the chain (the original assign-issue call) never receives the payout.
  if (onChain.status === 'released') return doneBy('BountyReleased');
  if (onChain.status === 'refunded') {
    throw new ChainError('reverted', 'the bounty was already refunded on the chain');
  }
  const { userId } = op.payload as ReleasePayload;
  const wallet = await payoutAddressOf(ctx.db, userId, chain.chainId);
  if (!wallet) throw new NotYet('waiting for the contributor to link a wallet');
  return chain.release({ issueId, to: wallet }, markSent);
}

/** Records the chain's newest block on an operation taken up for the first time. */
async function rememberFromBlock(op: ChainOperation, chain: Chain, ctx: Ctx): Promise<bigint> {
  const fromBlock = await chain.blockNumber();
  await ctx.db
    .update(chainOperations)
    .set({ fromBlock })
    .where(and(eq(chainOperations.id, op.id), isNull(chainOperations.fromBlock)));
  return fromBlock;
}

/**
 * The `send-chain-operations` job: every due operation, oldest first, a batch at a time.
 */
export async function sendChainOperations(
  ctx: Ctx,
  newestPendingStake: NewestPendingStake,
): Promise<{ recorded: number; left: number }> {
  if (!ctx.chain) return { recorded: 0, left: 0 };
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: chainOperations.id })
    .from(chainOperations)
    .where(
      and(
        inArray(chainOperations.status, ['pending', 'sent']),
        lte(chainOperations.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(chainOperations.nextAttemptAt), asc(chainOperations.createdAt))
    .limit(BATCH);
  let recorded = 0;
  for (const { id } of due) {
    const op = await sendChainOperation(id, ctx, newestPendingStake);
    if (op?.status === 'recorded') recorded += 1;
  }
  return { recorded, left: due.length - recorded };
}
