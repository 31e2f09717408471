import type { BountyEscrowStatus } from '@openstake/contracts';

/** An EVM address or a 32-byte hash, 0x-prefixed. */
export type Hex = `0x${string}`;

/** Where the chain is and who the server is on it (env.ts CHAIN_*, or the demo devnet). */
export interface ChainSettings {
  rpcUrl: string;
  chainId: number;
  /** The contract's operator: a secret, never logged, never sent to a browser. */
  operatorKey: Hex;
  escrowAddress: Hex;
  /** The native currency one coin is worth, in the JSON-RPC's smallest unit (wei, weibars). */
  weiPerCoin: bigint;
  currency: { symbol: string; decimals: number };
  /** A transaction's explorer page with `{hash}` in it (HashScan for Hedera), or none. */
  explorerUrl?: string;
}

export interface ChainIssue {
  id: bigint;
  funder: Hex;
  deadline: bigint;
  status: BountyEscrowStatus;
  assignee: Hex | null;
  amount: bigint;
}

export interface ContractInfo {
  version: bigint;
  operator: Hex;
  issueCount: bigint;
  totalHeld: bigint;
}

export type ChainHealth =
  | { ok: true; chainId: number; blockNumber: bigint; escrowDeployed: boolean }
  | { ok: false; error: string };

/** An event of the escrow that ends an operation, by what it records. */
export type EscrowEvent =
  'IssueCreated' | 'BountyAdded' | 'IssueAssigned' | 'BountyReleased' | 'BountyRefunded';

/**
 * Why a chain call failed. `reverted`: the contract refused (its custom error's name in
 * `revert`), so resending the same thing will not help; `unavailable`: the chain could not be
 * reached or answered badly, so a retry may.
 */
export class ChainError extends Error {
  override name = 'ChainError';
  constructor(
    readonly kind: 'reverted' | 'unavailable',
    message: string,
    readonly revert?: string,
  ) {
    super(message);
  }
}

/** Called with the transaction's hash once the chain accepted it, before its receipt. */
export type OnSent = (hash: Hex) => Promise<void>;

/**
 * The ledger network where bounty issues are mirrored: the BountyEscrow contract (decision 009)
 * through an EVM JSON-RPC endpoint. Each write sends one transaction from the operator, waits for
 * its receipt and returns its hash; it throws a ChainError when the chain refuses or cannot be
 * reached. Nothing here decides whether a write is due: the outbox does (modules/chain/).
 */
export interface Chain {
  readonly chainId: number;
  readonly escrowAddress: Hex;
  readonly operatorAddress: Hex;
  readonly currency: { symbol: string; decimals: number };
  /** Coins as the chain's smallest unit. */
  toWei(coins: number): bigint;
  /** An amount in the smallest unit as the currency shows it ('1.5'). */
  formatAmount(wei: bigint): string;
  explorerTxUrl(hash: string): string | null;

  recordIssue(
    input: { issueId: bigint; amount: bigint; deadline: bigint },
    onSent?: OnSent,
  ): Promise<Hex>;
  /** Adds `amount` to a bounty standing at `totalBefore` (refused, BountyChanged, otherwise). */
  addBounty(
    input: { issueId: bigint; amount: bigint; totalBefore: bigint },
    onSent?: OnSent,
  ): Promise<Hex>;
  assign(input: { issueId: bigint; assignee: Hex }, onSent?: OnSent): Promise<Hex>;
  /** Pays the bounty to `to`, naming them the assignee in the same transaction. */
  release(input: { issueId: bigint; to: Hex }, onSent?: OnSent): Promise<Hex>;
  refund(input: { issueId: bigint }, onSent?: OnSent): Promise<Hex>;

  /** The issue's record, or null when the contract has none. */
  getIssue(issueId: bigint): Promise<ChainIssue | null>;
  issuesOf(user: Hex, offset: bigint, limit: bigint): Promise<{ ids: bigint[]; total: bigint }>;
  contractInfo(): Promise<ContractInfo>;
  health(): Promise<ChainHealth>;
  /** The newest block's time, in seconds. */
  latestTimestamp(): Promise<bigint>;
  /** What became of a transaction sent earlier: mined (and how) or not known. */
  transactionStatus(hash: Hex): Promise<'success' | 'reverted' | 'unknown'>;
  /** The newest block's number. */
  blockNumber(): Promise<bigint>;
  /**
   * The latest transaction that emitted the escrow's `event` for the issue in a block from
   * `fromBlock` on, if any.
   */
  findEventTransaction(event: EscrowEvent, issueId: bigint, fromBlock: bigint): Promise<Hex | null>;
}
