/**
 * A real EVM in the test process (@ethereumjs/vm, Cancun, the hardfork the contracts are compiled
 * for): signed EIP-1559 transactions from funded accounts, blocks whose timestamp the test sets,
 * real gas paid at a real base fee, and eth_call-like reads that leave no trace.
 */
import { createBlock } from '@ethereumjs/block';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createFeeMarket1559Tx } from '@ethereumjs/tx';
import { createAccount, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import { createVM, runTx } from '@ethereumjs/vm';
import type { VM } from '@ethereumjs/vm';
import { bytesToHex, getAddress, keccak256, stringToBytes } from 'viem';
import type { Address, Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

export const ETHER = 10n ** 18n;
const BASE_FEE = 7n * 10n ** 9n;
const GAS_LIMIT = 5_000_000n;

export interface Signer {
  name: string;
  address: Address;
  privateKey: Hex;
}

export interface Log {
  address: Address;
  topics: [Hex, ...Hex[]];
  data: Hex;
}

export interface TxOutcome {
  /** What the sender paid for gas, exactly. */
  gasCost: bigint;
  reverted: boolean;
  /** The return data, or the revert data when reverted. */
  returnData: Hex;
  logs: Log[];
  createdAddress?: Address;
}

export interface LocalEvm {
  signer(name: string, balance?: bigint): Promise<Signer>;
  send(from: Signer, tx: { to?: Address; data?: Hex; value?: bigint }): Promise<TxOutcome>;
  /** Deploys and fails the test if the deployment reverts. */
  deploy(from: Signer, data: Hex): Promise<Address>;
  /** Runs a call against the latest state and throws it away, as eth_call does. */
  call(tx: {
    from?: Address;
    to: Address;
    data: Hex;
  }): Promise<{ reverted: boolean; returnData: Hex }>;
  balanceOf(address: Address): Promise<bigint>;
  /** The timestamp of the next block (each transaction is mined in a block of its own). */
  now(): bigint;
  setNow(timestamp: bigint): void;
}

export async function createLocalEvm(): Promise<LocalEvm> {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
  const vm: VM = await createVM({ common });
  let blockNumber = 1n;
  let timestamp = 1_900_000_000n;

  const block = () =>
    createBlock(
      {
        header: { number: blockNumber, timestamp, gasLimit: 30_000_000n, baseFeePerGas: BASE_FEE },
      },
      { common },
    );

  const balanceOf = async (address: Address) =>
    (await vm.stateManager.getAccount(createAddressFromString(address)))?.balance ?? 0n;

  const send: LocalEvm['send'] = async (from, { to, data = '0x', value = 0n }) => {
    const sender = createAddressFromString(from.address);
    const nonce = (await vm.stateManager.getAccount(sender))?.nonce ?? 0n;
    const tx = createFeeMarket1559Tx(
      {
        nonce,
        to,
        data,
        value,
        gasLimit: GAS_LIMIT,
        maxFeePerGas: BASE_FEE,
        maxPriorityFeePerGas: 0n,
        chainId: common.chainId(),
      },
      { common },
    ).sign(hexToBytes(from.privateKey));
    const result = await runTx(vm, { tx, block: block() });
    blockNumber += 1n;
    timestamp += 12n;
    return {
      gasCost: result.amountSpent,
      reverted: result.execResult.exceptionError !== undefined,
      returnData: bytesToHex(result.execResult.returnValue),
      logs: (result.execResult.logs ?? []).map(([address, topics, logData]) => ({
        address: bytesToHex(address),
        topics: topics.map((topic) => bytesToHex(topic)) as Log['topics'],
        data: bytesToHex(logData),
      })),
      ...(result.createdAddress
        ? { createdAddress: getAddress(result.createdAddress.toString()) }
        : {}),
    };
  };

  return {
    async signer(name, balance = 1_000n * ETHER) {
      const privateKey = keccak256(stringToBytes(`openstake contract tests: ${name}`));
      const address = privateKeyToAddress(privateKey);
      await vm.stateManager.putAccount(
        createAddressFromString(address),
        createAccount({ balance }),
      );
      return { name, address, privateKey };
    },
    send,
    async deploy(from, data) {
      const outcome = await send(from, { data });
      if (outcome.reverted || !outcome.createdAddress) {
        throw new Error(`deployment reverted: ${outcome.returnData}`);
      }
      return outcome.createdAddress;
    },
    async call({ from = '0x0000000000000000000000000000000000000001', to, data }) {
      await vm.stateManager.checkpoint();
      try {
        const result = await vm.evm.runCall({
          caller: createAddressFromString(from),
          to: createAddressFromString(to),
          data: hexToBytes(data),
          gasLimit: GAS_LIMIT,
          block: block(),
        });
        return {
          reverted: result.execResult.exceptionError !== undefined,
          returnData: bytesToHex(result.execResult.returnValue),
        };
      } finally {
        await vm.stateManager.revert();
      }
    },
    balanceOf,
    now: () => timestamp,
    setNow(next) {
      timestamp = next;
    },
  };
}
