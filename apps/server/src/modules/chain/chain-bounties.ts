import type { ChainBounty } from '@openstake/core';
import { and, eq, inArray } from 'drizzle-orm';
import { parseUnits } from 'viem';
import type { Queryable, Tx } from '../../db/database';
import { chainBounties, chainOperations } from '../../db/schema';
import { AppError } from '../../errors';
import type { Chain } from '../../integrations/chain/chain';
import type { ChainOperation } from './chain-operations';

/**
 * How long from its creation a chain bounty is promised: its funder may not take it back before
 * (decision 009), so a contributor can rely on it while they work.
 */
export const CHAIN_DEADLINE_SECONDS = 90n * 86_400n;

export type ChainBountyRow = typeof chainBounties.$inferSelect;

/** The JSON-RPC's smallest unit has 18 decimals on every EVM chain (weibars on Hedera's relay). */
const WEI_DECIMALS = 18;

/**
 * A chain bounty typed in the chain's currency ('1.5') in the JSON-RPC's smallest unit: it must be
 * a whole number of the currency's own smallest unit (HBAR: 8 decimals, a tinybar), as Hedera's
 * relay keeps nothing finer.
 */
export function chainBountyWei(text: string, chain: Pick<Chain, 'currency'>): bigint {
  const { decimals, symbol } = chain.currency;
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > decimals) {
    throw new AppError('BAD_REQUEST', {
      field: 'chainBounty',
      message: `The chain bounty has at most ${String(decimals)} decimals in ${symbol}`,
    });
  }
  const wei = parseUnits(text, WEI_DECIMALS);
  if (wei <= 0n) {
    throw new AppError('BAD_REQUEST', {
      field: 'chainBounty',
      message: 'The chain bounty must be more than 0',
    });
  }
  return wei;
}

/** Records what the maintainer's wallet is to pay in, in the bounty issue's transaction. */
export async function recordChainBounty(
  tx: Tx,
  input: { issueGithubId: number; amountWei: bigint; now: Date },
): Promise<ChainBountyRow> {
  const deadline = BigInt(Math.floor(input.now.getTime() / 1000)) + CHAIN_DEADLINE_SECONDS;
  const [row] = await tx
    .insert(chainBounties)
    .values({
      issueGithubId: input.issueGithubId,
      amount: input.amountWei.toString(),
      deadline: Number(deadline),
      nextCheckAt: input.now,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('the chain bounty was not written');
  return row;
}

export interface ChainBountyRecord {
  bounty: ChainBountyRow;
  /** The release or refund operation, when the bounty's end was mirrored. */
  end: Pick<ChainOperation, 'kind' | 'status' | 'txHash' | 'lastError'> | null;
}

/** The chain bounties of some bounty issues, with their release or refund, by issue id. */
export async function chainBountyRecords(
  db: Queryable,
  issueGithubIds: number[],
): Promise<Map<number, ChainBountyRecord>> {
  const records = new Map<number, ChainBountyRecord>();
  if (issueGithubIds.length === 0) return records;
  const [rows, ends] = await Promise.all([
    db.select().from(chainBounties).where(inArray(chainBounties.issueGithubId, issueGithubIds)),
    db
      .select({
        issueGithubId: chainOperations.issueGithubId,
        kind: chainOperations.kind,
        status: chainOperations.status,
        txHash: chainOperations.txHash,
        lastError: chainOperations.lastError,
      })
      .from(chainOperations)
      .where(
        and(
          inArray(chainOperations.issueGithubId, issueGithubIds),
          inArray(chainOperations.kind, ['release', 'refund']),
        ),
      ),
  ]);
  for (const bounty of rows) records.set(bounty.issueGithubId, { bounty, end: null });
  for (const end of ends) {
    const record = records.get(end.issueGithubId);
    // A release, when there is one, is the end that counts: a refund beside it is of a wrong
    // funding the chain refused anyway.
    if (record && (record.end === null || end.kind === 'release')) record.end = end;
  }
  return records;
}

export async function chainBountyRecord(
  db: Queryable,
  issueGithubId: number,
): Promise<ChainBountyRecord | undefined> {
  return (await chainBountyRecords(db, [issueGithubId])).get(issueGithubId);
}

const sentence = (kind: string) => (kind === 'release' ? 'Release' : 'Refund');

/**
 * A chain bounty as the API shows it. `coinBountyEnded`: the coin bounty was paid or refunded,
 * so a chain bounty not funded by then never will be (it pays nothing on the chain).
 */
export function chainBountyView(
  { bounty, end }: ChainBountyRecord,
  coinBountyEnded: boolean,
  chain: Pick<Chain, 'chainId' | 'escrowAddress' | 'currency' | 'formatAmount' | 'explorerTxUrl'>,
): ChainBounty {
  const amount = BigInt(bounty.amount);
  const tx = (hash: string | null) =>
    hash ? { hash, explorerUrl: chain.explorerTxUrl(hash) } : null;
  const base = {
    chainIssueId: String(bounty.issueGithubId),
    amount: bounty.amount,
    amountDisplay: chain.formatAmount(amount),
    symbol: chain.currency.symbol,
    deadline: String(bounty.deadline),
    escrowAddress: chain.escrowAddress,
    chainId: chain.chainId,
    funder: bounty.funder,
    fundingTx: tx(bounty.fundingTxHash),
    endTx: null,
  };
  if (bounty.refusedReason !== null) {
    // A wrong funding by the maintainer's own wallet is refunded to it (confirm-chain-funding.ts).
    const refunded = end?.kind === 'refund' && end.status === 'recorded';
    return {
      ...base,
      status: 'funding_refused',
      endTx: refunded ? tx(end.txHash) : null,
      note: refunded
        ? `${bounty.refusedReason} It was refunded to the wallet that paid it.`
        : bounty.refusedReason,
    };
  }
  if (bounty.fundedAt === null) {
    return coinBountyEnded
      ? {
          ...base,
          status: 'not_funded',
          note: 'The coin bounty ended before this was funded: nothing is paid on the chain.',
        }
      : { ...base, status: 'awaiting_funding', note: bounty.lastCheckError };
  }
  if (end?.status === 'recorded') {
    return {
      ...base,
      status: end.kind === 'release' ? 'released' : 'refunded',
      endTx: tx(end.txHash),
      note: null,
    };
  }
  let note: string | null = null;
  if (end?.status === 'failed') note = `${sentence(end.kind)} failed: ${end.lastError ?? ''}`;
  else if (end) note = `${sentence(end.kind)} pending${end.lastError ? `: ${end.lastError}` : ''}`;
  return { ...base, status: 'funded', note };
}

/** A chain bounty row by its issue. */
export async function findChainBounty(
  db: Queryable,
  issueGithubId: number,
): Promise<ChainBountyRow | undefined> {
  const [row] = await db
    .select()
    .from(chainBounties)
    .where(eq(chainBounties.issueGithubId, issueGithubId));
  return row;
}
