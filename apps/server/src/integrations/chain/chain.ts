import type { BountyEscrowStatus } from '@openstake/contracts';
import type { FunderWallet } from './funder-wallet';

/** An EVM address or a 32-byte hash, 0x-prefixed. */
export type Hex = `0x${string}`;

/** Where the chain is and who the server is on it (env.ts CHAIN_*, or the demo devnet). */
export interface ChainSettings {
  rpcUrl: string;
  chainId: number;
  /** The contract's operator: a secret, never logged, never sent to a browser. */
  operatorKey: Hex;
  escrowAddress: Hex;
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
  /** Until when (unix seconds) the funder may not refund because work is pending; 0: none. */
  heldUntil: bigint;
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
  | 'IssueCreated'
  | 'BountyAdded'
  | 'IssueAssigned'
  | 'BountyReleased'
  | 'BountyRefunded'
  | 'HoldSet';

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
 * The ledger network where bounty issues' chain bounties are held: the BountyEscrow contract
 * (decision 009) through an EVM JSON-RPC endpoint. Maintainers fund bounties from their own
 * wallets; the operator's writes here move no value of its own: they record pending work, assign,
 * release and refund. Each write sends one transaction from the operator, waits for its receipt
 * and returns its hash; it throws a ChainError when the chain refuses or cannot be reached.
 * Nothing here decides whether a write is due: the outbox does (modules/chain/).
 */
export interface Chain {
  readonly chainId: number;
  readonly escrowAddress: Hex;
  readonly operatorAddress: Hex;
  readonly currency: { symbol: string; decimals: number };
  /** An amount in the smallest unit as the currency shows it ('1.5'). */
  formatAmount(wei: bigint): string;
  explorerTxUrl(hash: string): string | null;

  /** Records until when work on the issue is pending (0: none); the funder's refund waits. */
  setHold(input: { issueId: bigint; heldUntil: bigint }, onSent?: OnSent): Promise<Hex>;
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
  /** A mined transaction's outcome, its block and the escrow events it emitted for `issueId`. */
  transactionReceipt(
    hash: Hex,
    issueId: bigint,
  ): Promise<{ status: 'success' | 'reverted'; blockNumber: bigint; events: EscrowEvent[] } | null>;
  /** The chain id the node answers (eth_chainId), whatever the settings say. */
  nodeChainId(): Promise<number>;
  /** An address's balance in the smallest unit. */
  balanceOf(address: Hex): Promise<bigint>;
  /**
   * A wallet that is not the operator's, on the same node, signing with `privateKey`: demo mode's
   * wallets, which pay their maintainers' chain bounties in (funder-wallet.ts).
   */
  funderWallet(privateKey: Hex): FunderWallet;
  /** The newest block's number. */
  blockNumber(): Promise<bigint>;
  /**
   * The latest transaction that emitted the escrow's `event` for the issue in a block from
   * `fromBlock` on, if any.
   */
  findEventTransaction(event: EscrowEvent, issueId: bigint, fromBlock: bigint): Promise<Hex | null>;
}
