import { randomUUID } from 'node:crypto';
import { MAX_ISSUE_COINS, type AddStakeResult } from '@openstake/core';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { getBalance, walletOf } from '../ledger/accounts';
import { setAdvertisedBounty } from '../issues/issue-store';
import { raiseOwnOpenBounty } from './bounty-store';
import { escrowBounty } from './escrow-bounty';
import { ownBountyIssue } from '../chain/own-bounty-issue';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/**
 * The original 'add-stake' on the contract backend: the maintainer adds coins to the coin bounty of
 * one of their open bounty issues that nobody has won yet. Like the bounty itself, the addition
 * and its 5 % fee leave the maintainer's wallet in one transaction, which also raises the issue's
 * bounty. Nothing is written to the chain: coins never become the chain's currency, and the
 * chain bounty is the maintainer's own wallet's to fund (only the funder adds to it on the chain).
 */
export async function addToBounty(
  input: { userId: string; issueId: number; amount: number },
  ctx: Ctx,
): Promise<AddStakeResult> {
  const wallet = walletOf(input.userId);
  const additionId = randomUUID();
  const key = String(input.issueId);
  const done = await inTransaction(ctx.db, async (tx) => {
    const bounty = await raiseOwnOpenBounty(tx, {
      issueGithubId: input.issueId,
      createdBy: input.userId,
      amount: input.amount,
      max: MAX_ISSUE_COINS,
    });
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
    await setAdvertisedBounty(tx, input.issueId, bounty.bountyAmount);
    const fee = await escrowBounty(tx, {
      userId: input.userId,
      issueGithubId: input.issueId,
      amount: input.amount,
      idempotencyKeys: {
        escrow: `bounty-addition:${key}:${additionId}`,
        fee: `bounty-addition-fee:${key}:${additionId}`,
      },
    });
    return { bounty, fee, balance: await getBalance(tx, wallet) };
  });
  return {
    blockchainIssueId: key,
    bountyAmount: done.bounty.bountyAmount,
    fee: done.fee,
    balance: done.balance,
  };
}
