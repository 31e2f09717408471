import type { ChainBounty } from '@openstake/core';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { bountyIssues, chainBounties } from '../../db/schema';
import { AppError } from '../../errors';
import type { Chain, ChainIssue, Hex } from '../../integrations/chain/chain';
import { fundingAddressesOf } from '../wallets/payout-address';
import { chainFailure } from './assign-issue-on-chain';
import {
  chainBountyRecord,
  chainBountyView,
  findChainBounty,
  type ChainBountyRow,
} from './chain-bounties';
import { enqueueChainRefund, rearmHold } from './chain-operations';
import { ownBountyIssue, requireChain } from './own-bounty-issue';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log' | 'chain'>;

/** How long a confirmation waits for the funding transaction to be mined before it answers. */
const RECEIPT_WAIT_MS = 8_000;
const RECEIPT_POLL_MS = 400;
/** The funding check's backoff: 15 s, doubling, at most an hour. */
const FIRST_CHECK_MS = 15_000;
const MAX_CHECK_MS = 60 * 60_000;
/** Blocks looked back for the funding's event when no transaction hash was given. */
const EVENT_LOOKBACK_BLOCKS = 5_000n;
/** Chain bounties the job checks at most per run. */
const BATCH = 20;

const short = (value: string) => `${value.slice(0, 10)}...`;

/**
 * What the chain says of a chain bounty's funding. `funded`: the maintainer's linked wallet
 * recorded the issue with exactly the expected amount and a deadline no earlier than expected.
 * `refused`: the chain's record can never be this funding (its id is taken for good), and
 * `refundable` when their own wallet paid it, so the operator returns it. `waiting`: not funded
 * yet, with the reason to show.
 */
type Finding =
  | { kind: 'funded'; funder: string; txHash: Hex | null }
  | { kind: 'refused'; reason: string; refundable: boolean }
  | { kind: 'waiting'; reason: string | null };

async function waitForReceipt(chain: Chain, hash: Hex, issueId: bigint) {
  const until = Date.now() + RECEIPT_WAIT_MS;
  for (;;) {
    const receipt = await chain.transactionReceipt(hash, issueId);
    if (receipt || Date.now() >= until) return receipt;
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
}

async function examine(
  bounty: ChainBountyRow,
  maintainerId: string,
  txHash: Hex | null,
  ctx: Ctx & { chain: Chain },
): Promise<Finding> {
  const { chain } = ctx;
  const issueId = BigInt(bounty.issueGithubId);
  const receipt = txHash ? await waitForReceipt(chain, txHash, issueId) : null;
  const onChain: ChainIssue | null = await chain.getIssue(issueId);
  if (!onChain) {
    if (!txHash) return { kind: 'waiting', reason: null };
    if (!receipt) {
      return { kind: 'waiting', reason: `Waiting for transaction ${short(txHash)} to be mined.` };
    }
    return {
      kind: 'waiting',
      reason:
        receipt.status === 'reverted'
          ? `Transaction ${short(txHash)} reverted: nothing was paid in. Fund it again.`
          : `Transaction ${short(txHash)} did not fund this bounty. Fund it again.`,
    };
  }
  const funder = onChain.funder.toLowerCase();
  const own = await fundingAddressesOf(ctx.db, maintainerId, chain.chainId);
  if (!own.includes(funder)) {
    // Perhaps a wallet they link only later; perhaps someone else took the id. Kept looking at
    // until the coin bounty ends, never counted as theirs meanwhile.
    return {
      kind: 'waiting',
      reason: `The chain's record of this issue was paid in by ${funder}, which is not a wallet linked to your account.`,
    };
  }
  const expected = BigInt(bounty.amount);
  if (onChain.amount !== expected) {
    return {
      kind: 'refused',
      reason: `Your wallet paid in ${chain.formatAmount(onChain.amount)} ${chain.currency.symbol}, not the ${chain.formatAmount(expected)} ${chain.currency.symbol} of this chain bounty.`,
      refundable: true,
    };
  }
  if (onChain.deadline < BigInt(bounty.deadline)) {
    return {
      kind: 'refused',
      reason: 'Your wallet funded it with an earlier deadline than this chain bounty promises.',
      refundable: true,
    };
  }
  if (onChain.status === 'released' || onChain.status === 'refunded') {
    return {
      kind: 'refused',
      reason: `The chain's record of this issue was already ${onChain.status}.`,
      refundable: false,
    };
  }
  let hash: Hex | null = receipt?.events.includes('IssueCreated') ? txHash : null;
  if (!hash) {
    // Shown as a link only; a funding whose transaction is not found is funded all the same.
    const latest = await chain.blockNumber();
    hash = await chain
      .findEventTransaction(
        'IssueCreated',
        issueId,
        latest > EVENT_LOOKBACK_BLOCKS ? latest - EVENT_LOOKBACK_BLOCKS : 0n,
      )
      .catch(() => null);
  }
  return { kind: 'funded', funder, txHash: hash };
}

/**
 * Checks a chain bounty's funding on the chain and records what it found. Funded: in one
 * transaction that first locks the bounty issue's row (as its payout and refund do), the chain
 * bounty is marked funded, and then, if the coin bounty ended meanwhile, the operator refunds it
 * (a bounty ended before its funding pays nothing on the chain); otherwise the issue's hold is
 * re-armed, so stakes already pending hold it. Refused: recorded for good, and refunded when the
 * maintainer's own wallet paid it. Waiting: the reason, and the next check backed off.
 */
export async function checkChainFunding(
  bounty: ChainBountyRow,
  txHash: Hex | null,
  ctx: Ctx,
): Promise<void> {
  const chain = requireChain(ctx);
  const issueGithubId = bounty.issueGithubId;
  const [owner] = await ctx.db
    .select({ createdBy: bountyIssues.createdBy })
    .from(bountyIssues)
    .where(eq(bountyIssues.issueGithubId, issueGithubId));
  if (!owner) return;
  const finding = await examine(bounty, owner.createdBy, txHash, { ...ctx, chain });
  const now = ctx.clock.now();
  const unsettled = and(
    eq(chainBounties.issueGithubId, issueGithubId),
    isNull(chainBounties.fundedAt),
    isNull(chainBounties.refusedReason),
  );

  if (finding.kind === 'waiting') {
    const checks = bounty.checks + 1;
    const delay = Math.min(FIRST_CHECK_MS * 2 ** (checks - 1), MAX_CHECK_MS);
    await ctx.db
      .update(chainBounties)
      .set({
        lastCheckError: finding.reason,
        checks,
        nextCheckAt: new Date(now.getTime() + delay),
      })
      .where(unsettled);
    return;
  }

  await inTransaction(ctx.db, async (tx) => {
    const [coinBounty] = await tx
      .select({ paidAt: bountyIssues.paidAt, refundedAt: bountyIssues.refundedAt })
      .from(bountyIssues)
      .where(eq(bountyIssues.issueGithubId, issueGithubId))
      .for('update');
    if (finding.kind === 'refused') {
      const [refused] = await tx
        .update(chainBounties)
        .set({ refusedReason: finding.reason, lastCheckError: null })
        .where(unsettled)
        .returning();
      if (refused && finding.refundable) await enqueueChainRefund(tx, { issueGithubId, now });
      return;
    }
    const [funded] = await tx
      .update(chainBounties)
      .set({
        funder: finding.funder,
        fundingTxHash: finding.txHash,
        fundedAt: now,
        lastCheckError: null,
      })
      .where(unsettled)
      .returning();
    if (!funded) return;
    if (coinBounty?.paidAt || coinBounty?.refundedAt) {
      await enqueueChainRefund(tx, { issueGithubId, now });
    } else {
      await rearmHold(tx, issueGithubId, now);
    }
  });
}

/**
 * POST /api/chain/confirm-funding: the maintainer's wallet says it sent the funding of one of
 * their chain bounties. The server believes the chain only: it waits a few seconds for the
 * transaction, then checks the escrow's record (funder, amount, deadline), and answers the chain
 * bounty as it now stands.
 */
export async function confirmChainFunding(
  input: { userId: string; issueId: number; txHash: string | null },
  ctx: Ctx,
): Promise<ChainBounty> {
  const chain = requireChain(ctx);
  const coinBounty = await ownBountyIssue(ctx.db, input.userId, input.issueId);
  const bounty = await findChainBounty(ctx.db, input.issueId);
  if (!bounty) {
    throw new AppError('NOT_FOUND', {
      message: 'This bounty issue has no chain bounty',
      field: 'issueId',
    });
  }
  if (bounty.fundedAt === null && bounty.refusedReason === null) {
    try {
      await checkChainFunding(bounty, input.txHash as Hex | null, ctx);
    } catch (error) {
      throw chainFailure(error);
    }
  }
  const record = await chainBountyRecord(ctx.db, input.issueId);
  if (!record) throw new Error('the chain bounty went away');
  return chainBountyView(
    record,
    coinBounty.paidAt !== null || coinBounty.refundedAt !== null,
    chain,
  );
}

/**
 * The funding check of the `send-chain-operations` job: chain bounties still awaiting funding
 * whose check is due, whose coin bounty is still to be won and whose deadline is ahead (after it
 * the escrow refuses the funding anyway), a batch at a time, for a wallet that sent its funding
 * but whose browser never said so.
 */
export async function checkAwaitingFundings(ctx: Ctx): Promise<number> {
  if (!ctx.chain) return 0;
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ bounty: chainBounties })
    .from(chainBounties)
    .innerJoin(bountyIssues, eq(bountyIssues.issueGithubId, chainBounties.issueGithubId))
    .where(
      and(
        isNull(chainBounties.fundedAt),
        isNull(chainBounties.refusedReason),
        lte(chainBounties.nextCheckAt, now),
        gt(chainBounties.deadline, Math.floor(now.getTime() / 1000)),
        isNull(bountyIssues.paidAt),
        isNull(bountyIssues.refundedAt),
      ),
    )
    .orderBy(asc(chainBounties.nextCheckAt))
    .limit(BATCH);
  let checked = 0;
  for (const { bounty } of due) {
    try {
      await checkChainFunding(bounty, null, ctx);
      checked += 1;
    } catch (error) {
      ctx.log.warn(
        { err: error, issue: bounty.issueGithubId },
        'a chain bounty funding check failed',
      );
      await ctx.db
        .update(chainBounties)
        .set({ nextCheckAt: new Date(now.getTime() + MAX_CHECK_MS / 4) })
        .where(eq(chainBounties.issueGithubId, bounty.issueGithubId));
    }
  }
  return checked;
}
