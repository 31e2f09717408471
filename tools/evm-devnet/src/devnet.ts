/**
 * A one-process EVM chain for the demo mode and the tests: @ethereumjs/vm (Cancun) with a block
 * mined for every transaction (automine), wall-clock block times that a test can move forward,
 * and dev accounts funded from fixed keys. It keeps what the JSON-RPC answers need (blocks,
 * transactions, receipts, logs) in memory; nothing survives a restart.
 */
import { createBlock, type Block } from '@ethereumjs/block';
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import { createTx, createTxFromRLP, type TypedTransaction, type TypedTxData } from '@ethereumjs/tx';
import { createAccount, createAddressFromString, hexToBytes, type Address } from '@ethereumjs/util';
import { createVM, runTx, type VM } from '@ethereumjs/vm';
import { bytesToHex, getAddress, keccak256, stringToBytes, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

export const ETHER = 10n ** 18n;
/** The base fee of every block: constant, so fee estimates never go stale. */
export const BASE_FEE = 1_000_000_000n;
export const BLOCK_GAS_LIMIT = 30_000_000n;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export interface DevAccount {
  address: Hex;
  privateKey: Hex;
}

/** The dev accounts' keys: fixed, public, for a local chain only. */
export function devAccount(index: number): DevAccount {
  const privateKey = keccak256(stringToBytes(`openstake evm-devnet account ${String(index)}`));
  return { address: privateKeyToAddress(privateKey), privateKey };
}

export interface DevnetLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: number;
  logIndex: number;
}

export interface DevnetReceipt {
  transactionHash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  from: Hex;
  to: Hex | null;
  contractAddress: Hex | null;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint;
  status: 'success' | 'reverted';
  logs: DevnetLog[];
  logsBloom: Hex;
  type: number;
}

export interface MinedBlock {
  block: Block;
  number: bigint;
  hash: Hex;
  timestamp: bigint;
  gasUsed: bigint;
  transactions: Hex[];
}

interface StoredTx {
  tx: TypedTransaction;
  hash: Hex;
  from: Hex;
  blockNumber: bigint;
  blockHash: Hex;
}

/** A call or an estimate (eth_call, eth_estimateGas). */
export interface CallRequest {
  from?: Hex;
  to?: Hex | null;
  data?: Hex;
  input?: Hex;
  value?: bigint;
  gas?: bigint;
}

/** A refusal the JSON-RPC layer turns into an error object. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Hex,
  ) {
    super(message);
  }
}

/** A transaction or call that reverted: JSON-RPC error 3 with the revert data, as geth answers. */
export const revertError = (data: Hex): RpcError =>
  new RpcError(3, data === '0x' ? 'execution reverted' : `execution reverted: ${data}`, data);

export interface DevnetOptions {
  chainId?: number;
  /** How many dev accounts to fund, each with `accountBalance`. */
  accounts?: number;
  accountBalance?: bigint;
  /** The wall clock, in milliseconds (tests may move it). */
  now?: () => number;
}

export class Devnet {
  readonly chainId: number;
  readonly accounts: DevAccount[];
  private readonly common: Common;
  private readonly blocks: MinedBlock[] = [];
  private readonly txs = new Map<Hex, StoredTx>();
  private readonly receipts = new Map<Hex, DevnetReceipt>();
  private readonly logs: DevnetLog[] = [];
  /** Seconds added to the wall clock by evm_increaseTime. */
  private timeOffset = 0n;
  private nextTimestamp: bigint | null = null;
  /** Every operation runs alone: a call's checkpoint must never interleave with a transaction. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly vm: VM,
    common: Common,
    accounts: DevAccount[],
    private readonly now: () => number,
  ) {
    this.common = common;
    this.chainId = Number(common.chainId());
    this.accounts = accounts;
  }

  static async create(options: DevnetOptions = {}): Promise<Devnet> {
    const common = createCustomCommon({ chainId: options.chainId ?? 31337 }, Mainnet, {
      hardfork: Hardfork.Cancun,
    });
    const vm = await createVM({ common });
    const accounts = Array.from({ length: options.accounts ?? 10 }, (_, i) => devAccount(i));
    const devnet = new Devnet(vm, common, accounts, options.now ?? Date.now);
    for (const account of accounts) {
      await devnet.setBalance(account.address, options.accountBalance ?? 10_000n * ETHER);
    }
    devnet.mine([], 0n); // genesis
    return devnet;
  }

  /** Runs `work` after everything queued before it. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  get latest(): MinedBlock {
    const block = this.blocks.at(-1);
    if (!block) throw new Error('no genesis block');
    return block;
  }

  blockByNumber(number: bigint): MinedBlock | undefined {
    return this.blocks[Number(number)];
  }

  blockByHash(hash: Hex): MinedBlock | undefined {
    return this.blocks.find((b) => b.hash === hash.toLowerCase());
  }

  transaction(hash: Hex): StoredTx | undefined {
    return this.txs.get(hash.toLowerCase() as Hex);
  }

  receipt(hash: Hex): DevnetReceipt | undefined {
    return this.receipts.get(hash.toLowerCase() as Hex);
  }

  /** The timestamp the next block gets: the wall clock plus the offset, always increasing. */
  private timestampForNext(): bigint {
    const wall = BigInt(Math.floor(this.now() / 1000)) + this.timeOffset;
    const previous = this.blocks.at(-1)?.timestamp ?? 0n;
    const wanted = this.nextTimestamp ?? wall;
    this.nextTimestamp = null;
    return wanted > previous ? wanted : previous + 1n;
  }

  /** A block header for the next block; the state is the VM's. */
  private pendingBlock(timestamp: bigint): Block {
    const parent = this.blocks.at(-1);
    return createBlock(
      {
        header: {
          number: parent ? parent.number + 1n : 0n,
          parentHash: parent ? hexToBytes(parent.hash) : new Uint8Array(32),
          timestamp,
          gasLimit: BLOCK_GAS_LIMIT,
          baseFeePerGas: BASE_FEE,
          coinbase: createAddressFromString(ZERO_ADDRESS),
        },
      },
      { common: this.common },
    );
  }

  private mine(transactions: Hex[], gasUsed: bigint, timestamp?: bigint): MinedBlock {
    const ts = timestamp ?? this.timestampForNext();
    const parent = this.blocks.at(-1);
    const block = createBlock(
      {
        header: {
          number: parent ? parent.number + 1n : 0n,
          parentHash: parent ? hexToBytes(parent.hash) : new Uint8Array(32),
          timestamp: ts,
          gasLimit: BLOCK_GAS_LIMIT,
          gasUsed,
          baseFeePerGas: BASE_FEE,
          coinbase: createAddressFromString(ZERO_ADDRESS),
          // The hash must differ per block even when the rest is equal.
          extraData: stringToBytes(`openstake-devnet ${String(transactions[0] ?? '')}`).slice(
            0,
            32,
          ),
        },
      },
      { common: this.common },
    );
    const mined: MinedBlock = {
      block,
      number: block.header.number,
      hash: bytesToHex(block.hash()),
      timestamp: ts,
      gasUsed,
      transactions,
    };
    this.blocks.push(mined);
    return mined;
  }

  async balance(address: Hex): Promise<bigint> {
    return this.exclusive(async () => (await this.account(address))?.balance ?? 0n);
  }

  async nonce(address: Hex): Promise<bigint> {
    return this.exclusive(async () => (await this.account(address))?.nonce ?? 0n);
  }

  async code(address: Hex): Promise<Hex> {
    return this.exclusive(async () =>
      bytesToHex(await this.vm.stateManager.getCode(createAddressFromString(address))),
    );
  }

  async storageAt(address: Hex, slot: Hex): Promise<Hex> {
    return this.exclusive<Hex>(async () => {
      const value = await this.vm.stateManager.getStorage(
        createAddressFromString(address),
        hexToBytes(slot.length === 66 ? slot : (`0x${slot.slice(2).padStart(64, '0')}` as Hex)),
      );
      return `0x${bytesToHex(value).slice(2).padStart(64, '0')}` as Hex;
    });
  }

  private account(address: Hex) {
    return this.vm.stateManager.getAccount(createAddressFromString(address));
  }

  /** A dev helper: sets an address's balance (anvil_setBalance). */
  async setBalance(address: Hex, balance: bigint): Promise<void> {
    await this.exclusive(async () => {
      const at = createAddressFromString(address);
      const account = (await this.vm.stateManager.getAccount(at)) ?? createAccount({});
      account.balance = balance;
      await this.vm.stateManager.putAccount(at, account);
    });
  }

  /** A dev helper: moves the clock of the next blocks forward (evm_increaseTime). */
  increaseTime(seconds: bigint): bigint {
    this.timeOffset += seconds;
    return this.timeOffset;
  }

  setNextBlockTimestamp(timestamp: bigint): void {
    this.nextTimestamp = timestamp;
  }

  /** Mines an empty block (evm_mine). */
  async mineEmpty(): Promise<MinedBlock> {
    return this.exclusive(() => Promise.resolve(this.mine([], 0n)));
  }

  /** Decodes, runs and mines a signed transaction in a block of its own; returns its hash. */
  async sendRawTransaction(raw: Hex): Promise<Hex> {
    return this.exclusive(async () => {
      let tx: TypedTransaction;
      try {
        tx = createTxFromRLP(hexToBytes(raw), { common: this.common });
      } catch (error) {
        throw new RpcError(-32602, `invalid transaction: ${(error as Error).message}`);
      }
      if (!tx.isSigned()) throw new RpcError(-32602, 'transaction is not signed');
      if (tx.type > 2)
        throw new RpcError(-32602, `transaction type ${String(tx.type)} is not supported`);
      const hash = bytesToHex(tx.hash());
      if (this.txs.has(hash)) throw new RpcError(-32000, 'already known');
      const from = getAddress(tx.getSenderAddress().toString()).toLowerCase() as Hex;
      const account = await this.account(from);
      const nonce = account?.nonce ?? 0n;
      if (tx.nonce < nonce)
        throw new RpcError(-32000, `nonce too low: next nonce ${String(nonce)}`);
      if (tx.nonce > nonce) {
        // Automine has no pool to hold a gapped transaction in.
        throw new RpcError(-32000, `nonce too high: next nonce ${String(nonce)}`);
      }
      const timestamp = this.timestampForNext();
      const block = this.pendingBlock(timestamp);
      let result;
      try {
        result = await runTx(this.vm, { tx, block });
      } catch (error) {
        const message = (error as Error).message;
        throw new RpcError(
          -32000,
          /balance/i.test(message)
            ? 'insufficient funds for gas * price + value'
            : (message.split('\n')[0] ?? message),
        );
      }
      const mined = this.mine([hash], result.totalGasSpent, timestamp);
      const to = tx.to ? (tx.to.toString() as Hex) : null;
      const logs: DevnetLog[] = (result.execResult.logs ?? []).map(
        ([address, topics, data], index) => ({
          address: bytesToHex(address),
          topics: topics.map((t) => bytesToHex(t)),
          data: bytesToHex(data),
          blockNumber: mined.number,
          blockHash: mined.hash,
          transactionHash: hash,
          transactionIndex: 0,
          logIndex: index,
        }),
      );
      this.logs.push(...logs);
      this.txs.set(hash, { tx, hash, from, blockNumber: mined.number, blockHash: mined.hash });
      this.receipts.set(hash, {
        transactionHash: hash,
        blockNumber: mined.number,
        blockHash: mined.hash,
        from,
        to,
        contractAddress: result.createdAddress ? (result.createdAddress.toString() as Hex) : null,
        gasUsed: result.totalGasSpent,
        cumulativeGasUsed: result.totalGasSpent,
        effectiveGasPrice: effectiveGasPrice(tx),
        status: result.execResult.exceptionError === undefined ? 'success' : 'reverted',
        logs,
        logsBloom: bytesToHex(result.bloom.bitvector),
        type: tx.type,
      });
      return hash;
    });
  }

  /**
   * Runs a call against the latest state and throws the state away (eth_call, eth_estimateGas).
   * It runs as an unsigned transaction from `from`, so the gas counted includes the intrinsic
   * gas an estimate needs; balances and nonces are not checked.
   */
  async simulate(request: CallRequest): Promise<{ returnData: Hex; gasUsed: bigint }> {
    return this.exclusive(async () => {
      const from = request.from ?? ZERO_ADDRESS;
      const txData: TypedTxData = {
        type: 2,
        to: request.to ?? undefined,
        data: request.data ?? request.input ?? '0x',
        value: request.value ?? 0n,
        gasLimit: request.gas ?? BLOCK_GAS_LIMIT,
        maxFeePerGas: BASE_FEE,
        maxPriorityFeePerGas: 0n,
        nonce: (await this.account(from))?.nonce ?? 0n,
      };
      const tx = createTx(txData, { common: this.common, freeze: false });
      const sender: Address = createAddressFromString(from);
      Object.defineProperty(tx, 'getSenderAddress', { value: () => sender });
      const block = this.pendingBlock(this.peekNextTimestamp());
      await this.vm.stateManager.checkpoint();
      try {
        const result = await runTx(this.vm, {
          tx,
          block,
          skipBalance: true,
          skipNonce: true,
          skipBlockGasLimitValidation: true,
          skipHardForkValidation: true,
        });
        const returnData = bytesToHex(result.execResult.returnValue);
        if (result.execResult.exceptionError !== undefined) {
          if (result.execResult.exceptionError.error === 'revert') throw revertError(returnData);
          throw new RpcError(-32000, result.execResult.exceptionError.error);
        }
        return { returnData, gasUsed: result.totalGasSpent };
      } catch (error) {
        if (error instanceof RpcError) throw error;
        throw new RpcError(-32000, (error as Error).message.split('\n')[0] ?? 'call failed');
      } finally {
        await this.vm.stateManager.revert();
      }
    });
  }

  private peekNextTimestamp(): bigint {
    const wall = BigInt(Math.floor(this.now() / 1000)) + this.timeOffset;
    const previous = this.latest.timestamp;
    const wanted = this.nextTimestamp ?? wall;
    return wanted > previous ? wanted : previous + 1n;
  }

  /** Logs in a block range, filtered by address and topics as eth_getLogs does. */
  findLogs(filter: {
    fromBlock: bigint;
    toBlock: bigint;
    addresses?: Hex[];
    topics?: (Hex | Hex[] | null)[];
    blockHash?: Hex;
  }): DevnetLog[] {
    const addresses = filter.addresses?.map((a) => a.toLowerCase());
    return this.logs.filter((log) => {
      if (filter.blockHash) {
        if (log.blockHash !== filter.blockHash.toLowerCase()) return false;
      } else if (log.blockNumber < filter.fromBlock || log.blockNumber > filter.toBlock) {
        return false;
      }
      if (addresses && addresses.length > 0 && !addresses.includes(log.address.toLowerCase())) {
        return false;
      }
      return (filter.topics ?? []).every((wanted, i) => {
        if (wanted === null) return true;
        const topic = log.topics[i]?.toLowerCase();
        if (topic === undefined) return false;
        return Array.isArray(wanted)
          ? wanted.some((w) => w.toLowerCase() === topic)
          : wanted.toLowerCase() === topic;
      });
    });
  }
}

/** What the sender paid per gas: the base fee plus its tip, capped by its fee cap. */
export function effectiveGasPrice(tx: TypedTransaction): bigint {
  if ('maxFeePerGas' in tx) {
    const tip =
      tx.maxPriorityFeePerGas < tx.maxFeePerGas - BASE_FEE
        ? tx.maxPriorityFeePerGas
        : tx.maxFeePerGas - BASE_FEE;
    return BASE_FEE + tip;
  }
  return (tx as { gasPrice: bigint }).gasPrice;
}
