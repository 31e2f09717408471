import type { z } from 'zod';
import type {
  ChainHealthReport,
  ChainIssue,
  chainUserIssuesSchema,
  contractInfoSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Hex } from '../../integrations/chain/chain';
import { chainFailure } from './assign-issue-on-chain';
import { requireChain } from './own-bounty-issue';

type Ctx = Pick<AppContext, 'chain'>;

const reading = async <T>(read: () => Promise<T>): Promise<T> => {
  try {
    return await read();
  } catch (error) {
    throw chainFailure(error);
  }
};

/** The contract backend's 'issue/{id}': the escrow's record of an issue, read from the chain. */
export async function getChainIssue(id: number, ctx: Ctx): Promise<ChainIssue> {
  const chain = requireChain(ctx);
  const issue = await reading(() => chain.getIssue(BigInt(id)));
  if (!issue || issue.status === 'none') {
    throw new AppError('NOT_FOUND', { message: 'No such issue on the chain' });
  }
  return {
    id: String(id),
    funder: issue.funder,
    assignee: issue.assignee,
    status: issue.status,
    amount: issue.amount.toString(),
    amountDisplay: chain.formatAmount(issue.amount),
    symbol: chain.currency.symbol,
    deadline: new Date(Number(issue.deadline) * 1000).toISOString(),
    heldUntil:
      issue.heldUntil === 0n ? null : new Date(Number(issue.heldUntil) * 1000).toISOString(),
  };
}

/** 'user-issues/{id}': the issues an address funded or was assigned, a page. */
export async function listChainUserIssues(
  input: { address: string; offset: number; limit: number },
  ctx: Ctx,
): Promise<z.infer<typeof chainUserIssuesSchema>> {
  const chain = requireChain(ctx);
  const page = await reading(() =>
    chain.issuesOf(input.address as Hex, BigInt(input.offset), BigInt(input.limit)),
  );
  return {
    address: input.address,
    issueIds: page.ids.map(String),
    total: Number(page.total),
    offset: input.offset,
    limit: input.limit,
  };
}

/** The contract backend's '/api/contract/info'. */
export async function getContractInfo(ctx: Ctx): Promise<z.infer<typeof contractInfoSchema>> {
  const chain = requireChain(ctx);
  const info = await reading(() => chain.contractInfo());
  return {
    chainId: chain.chainId,
    escrowAddress: chain.escrowAddress,
    version: info.version.toString(),
    operator: info.operator,
    issueCount: info.issueCount.toString(),
    totalHeld: info.totalHeld.toString(),
    totalHeldDisplay: chain.formatAmount(info.totalHeld),
    symbol: chain.currency.symbol,
  };
}

/** The contract backend's '/api/health': whether the chain answers and the escrow is there. */
export async function getChainHealth(ctx: Ctx): Promise<ChainHealthReport> {
  if (!ctx.chain) {
    return {
      configured: false,
      ok: false,
      chainId: null,
      blockNumber: null,
      escrowDeployed: null,
      error: 'No ledger network is configured',
    };
  }
  const health = await ctx.chain.health();
  return health.ok
    ? {
        configured: true,
        ok: true,
        chainId: health.chainId,
        blockNumber: health.blockNumber.toString(),
        escrowDeployed: health.escrowDeployed,
        error: null,
      }
    : {
        configured: true,
        ok: false,
        chainId: null,
        blockNumber: null,
        escrowDeployed: null,
        error: health.error,
      };
}
