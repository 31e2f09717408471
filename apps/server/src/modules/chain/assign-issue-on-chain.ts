import type { z } from 'zod';
import type { assignIssueResultSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ChainError, type Hex } from '../../integrations/chain/chain';
import { findChainBounty } from './chain-bounties';
import { ownBountyIssue, requireChain } from './own-bounty-issue';

/**
 * 'assign-issue': names, on the chain, whom the maintainer means the bounty for. It
 * moves no coins and no currency and decides no payout: the payout is the outbox's release when
 * a merge pays the bounty in OpenStake, and that release names the winner's linked wallet itself
 * (the contract's `release(id, to)`), so an assignment made here, even one mined just before the
 * release, never redirects it. So this is sent at once rather than through the outbox, and the
 * contract's refusal is the answer (an assignee that is the operator, a bounty already released
 * or refunded).
 */
export async function assignIssueOnChain(
  input: { userId: string; issueId: number; assignee: string },
  ctx: Pick<AppContext, 'db' | 'chain'>,
): Promise<z.infer<typeof assignIssueResultSchema>> {
  const chain = requireChain(ctx);
  const bounty = await ownBountyIssue(ctx.db, input.userId, input.issueId);
  if (bounty.paidAt || bounty.refundedAt) {
    throw new AppError('CONFLICT', { message: 'This bounty was already paid or refunded' });
  }
  const chainBounty = await findChainBounty(ctx.db, input.issueId);
  if (!chainBounty?.fundedAt) {
    throw new AppError('CONFLICT', {
      message: 'This bounty issue has no funded chain bounty',
    });
  }
  try {
    const txHash = await chain.assign({
      issueId: BigInt(input.issueId),
      assignee: input.assignee as Hex,
    });
    return { blockchainIssueId: String(input.issueId), assignee: input.assignee, txHash };
  } catch (error) {
    throw chainFailure(error);
  }
}

/** A chain error as the API answers it: the contract's refusal 409, the chain unreachable 503. */
export function chainFailure(error: unknown): AppError {
  if (error instanceof ChainError) {
    return error.kind === 'reverted'
      ? new AppError('CONFLICT', { message: error.message, cause: error })
      : new AppError('UNAVAILABLE', {
          message: `The ledger network is unavailable: ${error.message}`,
          cause: error,
        });
  }
  return error instanceof AppError
    ? error
    : new AppError('UNAVAILABLE', { message: 'The ledger network is unavailable', cause: error });
}
