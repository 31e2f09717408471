import type { RecordOnChainResult } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findRecordIssueOperation, ledgerNetworkRecord } from './chain-operations';
import { ownBountyIssue, requireChain } from './own-bounty-issue';
import { sendChainOperation } from './send-chain-operations';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log' | 'chain'>;

/**
 * Spec 001 s7 'create-issue' on the contract backend: the maintainer's bounty issue on the chain.
 * The record is made with the bounty issue (its outbox operation); this sends it now if it is
 * still pending and due, and answers the chain's issue id and the transaction, once there is one.
 */
export async function recordIssueOnChain(
  input: { userId: string; issueId: number },
  ctx: Ctx,
): Promise<RecordOnChainResult> {
  const chain = requireChain(ctx);
  const bounty = await ownBountyIssue(ctx.db, input.userId, input.issueId);
  let op = await findRecordIssueOperation(ctx.db, input.issueId);
  if (!op) {
    throw new AppError('CONFLICT', {
      message: 'This bounty issue was created without a ledger network',
    });
  }
  if (op.status === 'pending' || op.status === 'sent') {
    op = (await sendChainOperation(op.id, ctx, { evenIfBackingOff: true })) ?? op;
  }
  const record = ledgerNetworkRecord(op, chain);
  return {
    blockchainIssueId: op.reference,
    txHash: record.status === 'recorded' ? record.txHash : null,
    stakeAmount: bounty.stakeAmount,
    ledgerNetwork: record,
  };
}
