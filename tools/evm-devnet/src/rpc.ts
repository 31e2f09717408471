/**
 * Ethereum JSON-RPC (https://ethereum.org/en/developers/docs/apis/json-rpc/) over a Devnet: the
 * methods viem's public and wallet clients use with a local account, and a few dev helpers
 * (`anvil_setBalance`, `evm_increaseTime`, `evm_mine`, ...). Quantities are hex, as the JSON-RPC
 * spec says.
 */
import { bytesToHex, type Hex } from 'viem';
import {
  BASE_FEE,
  effectiveGasPrice,
  RpcError,
  type CallRequest,
  type Devnet,
  type DevnetLog,
  type DevnetReceipt,
  type MinedBlock,
} from './devnet';

type Params = unknown[];
type Method = (devnet: Devnet, params: Params) => unknown;

const quantity = (n: bigint | number): Hex => `0x${n.toString(16)}`;

function hexParam(value: unknown, name: string): Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value)) {
    throw new RpcError(-32602, `invalid ${name}: expected a 0x-prefixed hex string`);
  }
  return value as Hex;
}

const addressParam = (value: unknown, name = 'address'): Hex => {
  const hex = hexParam(value, name);
  if (hex.length !== 42) throw new RpcError(-32602, `invalid ${name}: expected 20 bytes`);
  return hex.toLowerCase() as Hex;
};

const quantityParam = (value: unknown, name: string): bigint => BigInt(hexParam(value, name));

/** A block tag or number; 'pending' is the latest block, as nothing ever waits to be mined. */
function blockNumberParam(devnet: Devnet, value: unknown): bigint {
  if (value === undefined || value === null) return devnet.latest.number;
  if (value === 'latest' || value === 'pending' || value === 'safe' || value === 'finalized') {
    return devnet.latest.number;
  }
  if (value === 'earliest') return 0n;
  if (typeof value === 'object' && 'blockNumber' in value) {
    return blockNumberParam(devnet, (value as { blockNumber: unknown }).blockNumber);
  }
  return quantityParam(value, 'block number');
}

/** Reads of state are answered from the latest state only (no archive). */
function latestOnly(devnet: Devnet, tag: unknown): void {
  const number = blockNumberParam(devnet, tag);
  if (number !== devnet.latest.number) {
    throw new RpcError(-32000, 'historical state is not available (only the latest block)');
  }
}

function callRequest(value: unknown): CallRequest {
  if (typeof value !== 'object' || value === null) {
    throw new RpcError(-32602, 'invalid transaction object');
  }
  const v = value as Record<string, unknown>;
  return {
    from: v.from === undefined || v.from === null ? undefined : addressParam(v.from, 'from'),
    to: v.to === undefined || v.to === null ? null : addressParam(v.to, 'to'),
    data: v.data === undefined ? undefined : hexParam(v.data, 'data'),
    input: v.input === undefined ? undefined : hexParam(v.input, 'input'),
    value: v.value === undefined ? undefined : quantityParam(v.value, 'value'),
    gas: v.gas === undefined ? undefined : quantityParam(v.gas, 'gas'),
  };
}

function formatLog(log: DevnetLog) {
  return {
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: quantity(log.blockNumber),
    blockHash: log.blockHash,
    transactionHash: log.transactionHash,
    transactionIndex: quantity(log.transactionIndex),
    logIndex: quantity(log.logIndex),
    removed: false,
  };
}

function formatReceipt(receipt: DevnetReceipt) {
  return {
    transactionHash: receipt.transactionHash,
    transactionIndex: '0x0',
    blockHash: receipt.blockHash,
    blockNumber: quantity(receipt.blockNumber),
    from: receipt.from,
    to: receipt.to,
    cumulativeGasUsed: quantity(receipt.cumulativeGasUsed),
    gasUsed: quantity(receipt.gasUsed),
    effectiveGasPrice: quantity(receipt.effectiveGasPrice),
    contractAddress: receipt.contractAddress,
    logs: receipt.logs.map(formatLog),
    logsBloom: receipt.logsBloom,
    status: receipt.status === 'success' ? '0x1' : '0x0',
    type: quantity(receipt.type),
  };
}

function formatTransaction(devnet: Devnet, hash: Hex) {
  const stored = devnet.transaction(hash);
  if (!stored) return null;
  const { tx } = stored;
  const json = tx.toJSON();
  return {
    hash: stored.hash,
    type: quantity(tx.type),
    chainId: quantity(devnet.chainId),
    nonce: quantity(tx.nonce),
    from: stored.from,
    to: tx.to ? tx.to.toString() : null,
    value: quantity(tx.value),
    input: bytesToHex(tx.data),
    gas: quantity(tx.gasLimit),
    gasPrice: quantity(effectiveGasPrice(tx)),
    ...(json.maxFeePerGas !== undefined
      ? { maxFeePerGas: json.maxFeePerGas, maxPriorityFeePerGas: json.maxPriorityFeePerGas }
      : {}),
    ...(json.accessList !== undefined ? { accessList: json.accessList } : {}),
    v: json.v,
    r: json.r,
    s: json.s,
    ...(tx.type !== 0 ? { yParity: json.v } : {}),
    blockHash: stored.blockHash,
    blockNumber: quantity(stored.blockNumber),
    transactionIndex: '0x0',
  };
}

function formatBlock(devnet: Devnet, mined: MinedBlock | undefined, full: boolean) {
  if (!mined) return null;
  const header = mined.block.header.toJSON();
  return {
    ...header,
    number: quantity(mined.number),
    hash: mined.hash,
    timestamp: quantity(mined.timestamp),
    gasUsed: quantity(mined.gasUsed),
    totalDifficulty: '0x0',
    size: quantity(mined.block.serialize().length),
    miner: header.coinbase,
    sha3Uncles: header.uncleHash,
    transactions: full
      ? mined.transactions.map((hash) => formatTransaction(devnet, hash))
      : mined.transactions,
    uncles: [],
    withdrawals: [],
  };
}

const METHODS: Record<string, Method> = {
  web3_clientVersion: () => 'openstake-evm-devnet/0.1.0',
  eth_chainId: (d) => quantity(d.chainId),
  net_version: (d) => String(d.chainId),
  net_listening: () => true,
  eth_syncing: () => false,
  eth_accounts: () => [],
  eth_blockNumber: (d) => quantity(d.latest.number),
  eth_gasPrice: () => quantity(BASE_FEE),
  eth_maxPriorityFeePerGas: () => '0x0',
  eth_feeHistory: (d, [count, newest, percentiles]) => {
    const newestNumber = blockNumberParam(d, newest);
    const wanted = typeof count === 'number' ? BigInt(count) : quantityParam(count, 'blockCount');
    const blocks = wanted > newestNumber + 1n ? newestNumber + 1n : wanted;
    const oldest = newestNumber - blocks + 1n;
    const rewards = Array.isArray(percentiles) ? percentiles.map(() => '0x0') : undefined;
    return {
      oldestBlock: quantity(oldest),
      baseFeePerGas: Array.from({ length: Number(blocks) + 1 }, () => quantity(BASE_FEE)),
      gasUsedRatio: Array.from({ length: Number(blocks) }, (_, i) => {
        const block = d.blockByNumber(oldest + BigInt(i));
        return block ? Number(block.gasUsed) / 30_000_000 : 0;
      }),
      ...(rewards ? { reward: Array.from({ length: Number(blocks) }, () => rewards) } : {}),
    };
  },
  eth_getBalance: async (d, [address, tag]) => {
    latestOnly(d, tag);
    return quantity(await d.balance(addressParam(address)));
  },
  eth_getTransactionCount: async (d, [address, tag]) => {
    latestOnly(d, tag);
    return quantity(await d.nonce(addressParam(address)));
  },
  eth_getCode: async (d, [address, tag]) => {
    latestOnly(d, tag);
    return d.code(addressParam(address));
  },
  eth_getStorageAt: async (d, [address, slot, tag]) => {
    latestOnly(d, tag);
    return d.storageAt(addressParam(address), hexParam(slot, 'slot'));
  },
  eth_call: async (d, [request, tag]) => {
    latestOnly(d, tag);
    return (await d.simulate(callRequest(request))).returnData;
  },
  eth_estimateGas: async (d, [request]) => {
    const { gasUsed } = await d.simulate(callRequest(request));
    // Refunds and the 63/64 rule can make the exact figure too tight; a margin keeps it safe.
    return quantity((gasUsed * 12n) / 10n + 5_000n);
  },
  eth_getBlockByNumber: (d, [tag, full]) =>
    formatBlock(d, d.blockByNumber(blockNumberParam(d, tag)), full === true),
  eth_getBlockByHash: (d, [hash, full]) =>
    formatBlock(d, d.blockByHash(hexParam(hash, 'block hash')), full === true),
  eth_sendRawTransaction: (d, [raw]) => d.sendRawTransaction(hexParam(raw, 'transaction')),
  eth_getTransactionByHash: (d, [hash]) => formatTransaction(d, hexParam(hash, 'hash')),
  eth_getTransactionReceipt: (d, [hash]) => {
    const receipt = d.receipt(hexParam(hash, 'hash'));
    return receipt ? formatReceipt(receipt) : null;
  },
  eth_getLogs: (d, [filter]) => {
    if (typeof filter !== 'object' || filter === null) {
      throw new RpcError(-32602, 'invalid filter');
    }
    const f = filter as Record<string, unknown>;
    const address = f.address;
    const addresses =
      address === undefined || address === null
        ? undefined
        : Array.isArray(address)
          ? address.map((a) => addressParam(a))
          : [addressParam(address)];
    const topics = Array.isArray(f.topics)
      ? f.topics.map((t: unknown) =>
          t === null
            ? null
            : Array.isArray(t)
              ? t.map((x) => hexParam(x, 'topic'))
              : hexParam(t, 'topic'),
        )
      : undefined;
    return d
      .findLogs({
        fromBlock: blockNumberParam(d, f.fromBlock ?? 'latest'),
        toBlock: blockNumberParam(d, f.toBlock ?? 'latest'),
        addresses,
        topics,
        blockHash: f.blockHash === undefined ? undefined : hexParam(f.blockHash, 'blockHash'),
      })
      .map(formatLog);
  },
  // Dev helpers, under the names anvil and hardhat use.
  anvil_setBalance: async (d, [address, balance]) => {
    await d.setBalance(addressParam(address), quantityParam(balance, 'balance'));
    return null;
  },
  evm_increaseTime: (d, [seconds]) =>
    quantity(
      d.increaseTime(typeof seconds === 'number' ? BigInt(seconds) : quantityParam(seconds, 's')),
    ),
  evm_setNextBlockTimestamp: (d, [timestamp]) => {
    d.setNextBlockTimestamp(
      typeof timestamp === 'number' ? BigInt(timestamp) : quantityParam(timestamp, 'timestamp'),
    );
    return null;
  },
  evm_mine: async (d) => {
    await d.mineEmpty();
    return '0x0';
  },
};
METHODS.hardhat_setBalance = METHODS.anvil_setBalance as Method;

interface JsonRpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: unknown; result: unknown }
  | { jsonrpc: '2.0'; id: unknown; error: { code: number; message: string; data?: Hex } };

async function answerOne(devnet: Devnet, request: JsonRpcRequest): Promise<JsonRpcResponse> {
  const id = request.id ?? null;
  try {
    if (typeof request.method !== 'string') throw new RpcError(-32600, 'invalid request');
    const method = METHODS[request.method];
    if (!method) throw new RpcError(-32601, `the method ${request.method} does not exist`);
    const params = request.params === undefined ? [] : request.params;
    if (!Array.isArray(params)) throw new RpcError(-32602, 'params must be an array');
    return { jsonrpc: '2.0', id, result: await method(devnet, params) };
  } catch (error) {
    if (error instanceof RpcError) {
      return {
        jsonrpc: '2.0',
        id,
        error: {
          code: error.code,
          message: error.message,
          ...(error.data !== undefined ? { data: error.data } : {}),
        },
      };
    }
    return {
      jsonrpc: '2.0',
      id,
      error: { code: -32603, message: (error as Error).message || 'internal error' },
    };
  }
}

/** Answers a JSON-RPC body: one request or a batch. */
export async function answerJsonRpc(devnet: Devnet, body: unknown): Promise<unknown> {
  if (Array.isArray(body)) {
    return Promise.all(body.map((r) => answerOne(devnet, r as JsonRpcRequest)));
  }
  if (typeof body !== 'object' || body === null) {
    return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } };
  }
  return answerOne(devnet, body as JsonRpcRequest);
}
