import { randomUUID } from 'node:crypto';
import { MAX_ISSUE_COINS, type AddStakeResult } from '@openstake/core';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bountyIssues, chainOperations, trackedIssues } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { getBalance, walletOf } from '../ledger/accounts';
import { advertiseBountyIn } from '../bounties/advertised-bounty';
import { escrowBounty } from '../bounties/escrow-bounty';
import {
  findRecordIssueOperation,
  ledgerNetworkRecord,
  type AddBountyPayload,
} from './chain-operations';
import { ownBountyIssue } from './own-bounty-issue';
import { sendSoon } from './send-soon';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log' | 'chain' | 'background'>;

/**
 * Spec 001 s7 'add-stake' on the contract backend: the maintainer adds coins to the bounty of one
 * of their open bounty issues that nobody has won yet. Like the bounty itself, the addition and
 * its 5 % fee leave the maintainer's wallet in one transaction, which also raises the issue's
 * bounty and, when the issue's creation was mirrored on the chain, writes an add_bounty operation
 * that knows the chain's total before and after it, so additions reach the chain in order and a
 * retried one is never paid in twice. The contract lets only the funder add (the operator, which
 * funded the issue), so the operator pays the addition in, as it paid the bounty.
 */
export async function addToBounty(
  input: { userId: string; issueId: number; amount: number },
  ctx: Ctx,
): Promise<AddStakeResult> {
  const { chain } = ctx;
  const wallet = walletOf(input.userId);
  const additionId = randomUUID();
  const key = String(input.issueId);
  const done = await inTransaction(ctx.db, async (tx) => {
    const [bounty] = await tx
      .update(bountyIssues)
      .set({ bountyAmount: sql`${bountyIssues.bountyAmount} + ${input.amount}` })
      .where(
        and(
          eq(bountyIssues.issueGithubId, input.issueId),
          eq(bountyIssues.createdBy, input.userId),
          isNull(bountyIssues.paidAt),
          isNull(bountyIssues.refundedAt),
          sql`${bountyIssues.bountyAmount} + ${input.amount} <= ${MAX_ISSUE_COINS}`,
          exists(
            tx
              .select({ id: trackedIssues.githubId })
              .from(trackedIssues)
              .where(
                and(eq(trackedIssues.githubId, input.issueId), eq(trackedIssues.state, 'open')),
              ),
          ),
        ),
      )
      .returning();
    if (!bounty) {
      const own = await ownBountyIssue(tx, input.userId, input.issueId);
      throw new AppError('CONFLICT', {
        message:
          own.bountyAmount + input.amount > MAX_ISSUE_COINS
            ? `A bounty holds at most ${String(MAX_ISSUE_COINS)} coins`
            : 'This bounty issue is closed or its bounty was already paid or refunded',
        field: 'stakeAmount',
      });
    }
    await advertiseBountyIn(tx, input.issueId, bounty.bountyAmount);
    const fee = await escrowBounty(tx, {
      userId: input.userId,
      issueGithubId: input.issueId,
      amount: input.amount,
      idempotencyKeys: {
        escrow: `bounty-addition:${key}:${additionId}`,
        fee: `bounty-addition-fee:${key}:${additionId}`,
      },
    });
    let operation;
    if (chain && (await findRecordIssueOperation(tx, input.issueId))) {
      const payload: AddBountyPayload = {
        amount: chain.toWei(input.amount).toString(),
        totalBefore: chain.toWei(bounty.bountyAmount - input.amount).toString(),
        totalAfter: chain.toWei(bounty.bountyAmount).toString(),
      };
      const now = ctx.clock.now();
      [operation] = await tx
        .insert(chainOperations)
        .values({
          kind: 'add_bounty',
          reference: `${key}:${additionId}`,
          issueGithubId: input.issueId,
          payload,
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    }
    return { bounty, fee, operation, balance: await getBalance(tx, wallet) };
  });
  const operation = done.operation && (await sendSoon(done.operation, ctx));
  const record = ledgerNetworkRecord(operation, chain);
  return {
    blockchainIssueId: key,
    bountyAmount: done.bounty.bountyAmount,
    fee: done.fee,
    balance: done.balance,
    txHash: record.status === 'recorded' ? record.txHash : null,
    ledgerNetwork: record,
  };
}
