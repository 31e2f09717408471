/**
 * BountyEscrow, as committed in src/generated, deployed on a fresh local EVM, with the people of
 * the tests and typed helpers to call it and to read what a transaction did.
 */
import { expect } from 'vitest';
import {
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
} from 'viem';
import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, Hex } from 'viem';

import { bountyEscrowAbi, bountyEscrowBytecode } from '../src/index';
import { compileSolidity } from '../scripts/solidity';
import type { CompiledContract } from '../scripts/solidity';
import { createLocalEvm, ETHER } from './local-evm';
import type { LocalEvm, Signer, TxOutcome } from './local-evm';

export { ETHER };
export const DAY = 86_400n;

const abi = bountyEscrowAbi;
type Abi_ = typeof abi;
type WriteName = ContractFunctionName<Abi_, 'payable' | 'nonpayable'>;

/** The calldata of an escrow function that changes state. */
export function escrowCall<F extends WriteName>(
  functionName: F,
  args: ContractFunctionArgs<Abi_, 'payable' | 'nonpayable', F>,
): Hex {
  // Typed for the caller above; viem's own generics do not follow a generic name, so encode loosely.
  const name: string = functionName;
  return encodeFunctionData({
    abi: abi as Abi,
    functionName: name,
    args: args as readonly unknown[],
  });
}

let receiverContract: CompiledContract | undefined;

/** The test-only re-entrant receiver, compiled from test-contracts/ once per test file. */
export function reentrantReceiver(): CompiledContract {
  receiverContract ??= compileSolidity(['test-contracts/ReentrantReceiver.sol']).ReentrantReceiver;
  if (!receiverContract) throw new Error('ReentrantReceiver did not compile');
  return receiverContract;
}

export interface DecodedEvent {
  eventName: string;
  args: unknown;
}

export async function deployEscrow() {
  const evm: LocalEvm = await createLocalEvm();
  const operator = await evm.signer('operator');
  const funder = await evm.signer('funder');
  const otherFunder = await evm.signer('other funder');
  const contributor = await evm.signer('contributor');
  const otherContributor = await evm.signer('other contributor');
  const stranger = await evm.signer('stranger');
  const escrow = await evm.deploy(
    operator,
    encodeDeployData({ abi, bytecode: bountyEscrowBytecode, args: [operator.address] }),
  );

  /** Sends a transaction to the escrow, calling `functionName` with `args`. */
  function write<F extends WriteName>(
    from: Signer,
    functionName: F,
    args: ContractFunctionArgs<Abi_, 'payable' | 'nonpayable', F>,
    value = 0n,
  ): Promise<TxOutcome> {
    return evm.send(from, { to: escrow, data: escrowCall(functionName, args), value });
  }

  async function read(data: Hex): Promise<Hex> {
    const result = await evm.call({ to: escrow, data });
    if (result.reverted) throw new Error(`read reverted: ${result.returnData}`);
    return result.returnData;
  }

  const reads = {
    async getIssue(id: bigint) {
      const data = await read(encodeFunctionData({ abi, functionName: 'getIssue', args: [id] }));
      return decodeFunctionResult({ abi, functionName: 'getIssue', data });
    },
    async issuesOf(user: Address, offset = 0n, limit = 100n) {
      const args = [user, offset, limit] as const;
      const data = await read(encodeFunctionData({ abi, functionName: 'issuesOf', args }));
      return decodeFunctionResult({ abi, functionName: 'issuesOf', data });
    },
    async contractInfo() {
      const data = await read(encodeFunctionData({ abi, functionName: 'contractInfo' }));
      return decodeFunctionResult({ abi, functionName: 'contractInfo', data });
    },
  };

  /** A new issue funded by `by` with `amount`; fails the test if the escrow refuses it. */
  async function createIssue(id: bigint, by: Signer, amount: bigint, deadline = evm.now() + DAY) {
    const outcome = await write(by, 'createIssue', [id, deadline], amount);
    expect(outcome.reverted, `createIssue ${id}: ${outcome.returnData}`).toBe(false);
    return outcome;
  }

  async function succeeds(outcome: Promise<TxOutcome>): Promise<TxOutcome> {
    const done = await outcome;
    expect(done.reverted, `reverted with ${done.returnData}`).toBe(false);
    return done;
  }

  /** The events a transaction emitted, each checked to come from the escrow. */
  function eventsOf(outcome: TxOutcome): DecodedEvent[] {
    return outcome.logs.map((log) => {
      expect(log.address.toLowerCase()).toBe(escrow.toLowerCase());
      const { eventName, args } = decodeEventLog({ abi, topics: log.topics, data: log.data });
      return { eventName, args };
    });
  }

  /** Everything a refused call must leave as it was. */
  async function snapshot(ids: bigint[]) {
    return {
      escrowBalance: await evm.balanceOf(escrow),
      info: await reads.contractInfo(),
      issues: await Promise.all(ids.map((id) => reads.getIssue(id))),
    };
  }

  return {
    evm,
    escrow,
    operator,
    funder,
    otherFunder,
    contributor,
    otherContributor,
    stranger,
    write,
    ...reads,
    createIssue,
    succeeds,
    eventsOf,
    snapshot,
  };
}

export type EscrowFixture = Awaited<ReturnType<typeof deployEscrow>>;

/** Expects the transaction to have reverted with the named custom error and arguments. */
export function expectError(
  outcome: TxOutcome,
  errorName: string,
  args: readonly unknown[] = [],
  errorsAbi: Abi = abi,
) {
  expect(outcome.reverted, `expected ${errorName}, but it succeeded`).toBe(true);
  expect(outcome.logs).toEqual([]);
  const decoded = decodeErrorResult({ abi: errorsAbi, data: outcome.returnData });
  expect({ errorName: decoded.errorName, args: decoded.args ?? [] }).toEqual({ errorName, args });
}
