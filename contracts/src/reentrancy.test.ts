/**
 * Payouts to contracts: a receiver that refuses payment, and test-contracts/ReentrantReceiver.sol,
 * which calls the escrow again from inside the payment it receives.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  decodeErrorResult,
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
} from 'viem';
import type { Abi, Address, Hex } from 'viem';

import {
  deployEscrow,
  escrowCall,
  ETHER,
  expectError,
  reentrantReceiver,
} from '../test/escrow-fixture';
import type { EscrowFixture } from '../test/escrow-fixture';
import type { Signer, TxOutcome } from '../test/local-evm';
import type { CompiledContract } from '../scripts/solidity';
import { bountyEscrowAbi, bountyEscrowStatuses } from './index';

const status = (name: (typeof bountyEscrowStatuses)[number]) => bountyEscrowStatuses.indexOf(name);

let receiver: CompiledContract;
let f: EscrowFixture;
/** The receiver contract, and the account that drives it. */
let attacker: Address;
let thief: Signer;

beforeAll(() => {
  receiver = reentrantReceiver();
});

beforeEach(async () => {
  f = await deployEscrow();
  thief = await f.evm.signer('thief');
  attacker = await f.evm.deploy(
    thief,
    encodeDeployData({ abi: receiver.abi, bytecode: receiver.bytecode, args: [f.escrow] }),
  );
});

/** `thief` makes the receiver contract do something. */
function drive(functionName: string, args: readonly unknown[], value = 0n): Promise<TxOutcome> {
  return f.evm.send(thief, {
    to: attacker,
    data: encodeFunctionData({ abi: receiver.abi, functionName, args }),
    value,
  });
}

/** `thief` makes the receiver contract call the escrow; fails the test if that reverts. */
async function asReceiver(data: Hex, value = 0n) {
  const outcome = await drive('callEscrow', [data], value);
  expect(outcome.reverted, `reverted with ${outcome.returnData}`).toBe(false);
}

/**
 * The receiver funds issue 8 with 1 ether, and its deadline passes, so the receiver, as its funder,
 * may refund it (with no work pending).
 */
async function fundAsReceiverAndPassDeadline() {
  const deadline = f.evm.now() + 99n;
  await asReceiver(escrowCall('createIssue', [8n, deadline]), ETHER);
  f.evm.setNow(deadline + 1n);
}

/** Arms the receiver: on its next payment it makes `data` as a call to the escrow. */
async function armReentry(data: Hex, swallowFailure: boolean) {
  const outcome = await drive('setReentry', [data, swallowFailure]);
  expect(outcome.reverted).toBe(false);
}

async function receiverState() {
  const read = async (functionName: string) => {
    const data = encodeFunctionData({ abi: receiver.abi, functionName });
    const result = await f.evm.call({ to: attacker, data });
    return decodeFunctionResult({ abi: receiver.abi, functionName, data: result.returnData });
  };
  const succeeded = (await read('reentrySucceeded')) as boolean;
  const result = (await read('reentryResult')) as Hex;
  return {
    paymentsReceived: await read('paymentsReceived'),
    reentryAttempted: await read('reentryAttempted'),
    reentrySucceeded: succeeded,
    reentryError:
      succeeded || result === '0x'
        ? undefined
        : decodeErrorResult({ abi: bountyEscrowAbi as Abi, data: result }).errorName,
    reentryResult: result,
  };
}

describe('a receiver that refuses payment', () => {
  it('makes the release fail whole; the bounty stays and can go to another assignee', async () => {
    await f.createIssue(7n, f.funder, ETHER);
    await f.succeeds(f.write(f.operator, 'assign', [7n, attacker]));
    expect((await drive('setRefusePayments', [true])).reverted).toBe(false);
    const before = await f.snapshot([7n]);

    expectError(await f.write(f.operator, 'release', [7n, attacker]), 'TransferFailed', [
      attacker,
      ETHER,
    ]);
    expect(await f.snapshot([7n])).toEqual(before);
    expect((await f.getIssue(7n)).status).toBe(status('assigned'));

    const [contributorBefore] = await Promise.all([f.evm.balanceOf(f.contributor.address)]);
    await f.succeeds(f.write(f.operator, 'release', [7n, f.contributor.address]));
    expect(await f.evm.balanceOf(f.contributor.address)).toBe(contributorBefore + ETHER);
    expect(await f.evm.balanceOf(attacker)).toBe(0n);
  });
});

describe('a re-entrant receiver', () => {
  it('is paid its own refund once: refunding again from inside the payment fails', async () => {
    await f.createIssue(7n, f.funder, 5n * ETHER);
    await fundAsReceiverAndPassDeadline();
    await armReentry(escrowCall('refund', [8n]), true);

    const outcome = await drive('callEscrow', [escrowCall('refund', [8n])]);

    expect(outcome.reverted).toBe(false);
    expect(await receiverState()).toMatchObject({
      paymentsReceived: 1n,
      reentryAttempted: true,
      reentrySucceeded: false,
      reentryError: 'ReentrantCall',
    });
    expect(await f.evm.balanceOf(attacker)).toBe(ETHER);
    expect(await f.evm.balanceOf(f.escrow)).toBe(5n * ETHER);
    expect((await f.contractInfo())[3]).toBe(5n * ETHER);
    expect(f.eventsOf(outcome).map((event) => event.eventName)).toEqual(['BountyRefunded']);
  });

  it('that fails its payment on a failed re-entry undoes the whole refund', async () => {
    await f.createIssue(7n, f.funder, 5n * ETHER);
    await fundAsReceiverAndPassDeadline();
    await armReentry(escrowCall('refund', [8n]), false);
    const before = await f.snapshot([7n, 8n]);

    const outcome = await drive('callEscrow', [escrowCall('refund', [8n])]);

    expectError(outcome, 'TransferFailed', [attacker, ETHER]);
    expect(await f.snapshot([7n, 8n])).toEqual(before);
    expect((await f.getIssue(8n)).status).toBe(status('open'));
    expect(await f.evm.balanceOf(attacker)).toBe(0n);
  });

  it('as assignee cannot release again from inside its payment', async () => {
    await f.createIssue(7n, f.funder, 2n * ETHER);
    await f.createIssue(9n, f.otherFunder, 5n * ETHER);
    await f.succeeds(f.write(f.operator, 'assign', [7n, attacker]));
    await armReentry(escrowCall('release', [7n, attacker]), true);

    const outcome = await f.succeeds(f.write(f.operator, 'release', [7n, attacker]));

    expect(await receiverState()).toMatchObject({
      paymentsReceived: 1n,
      reentryAttempted: true,
      reentrySucceeded: false,
      reentryError: 'ReentrantCall',
    });
    expect(await f.evm.balanceOf(attacker)).toBe(2n * ETHER);
    expect(await f.evm.balanceOf(f.escrow)).toBe(5n * ETHER);
    expect(f.eventsOf(outcome).map((event) => event.eventName)).toEqual(['BountyReleased']);
  });

  it('cannot touch its own issue from inside another issue’s payment either', async () => {
    await f.createIssue(7n, f.funder, 2n * ETHER);
    await fundAsReceiverAndPassDeadline();
    await f.succeeds(f.write(f.operator, 'assign', [7n, attacker]));
    await armReentry(escrowCall('refund', [8n]), true);

    await f.succeeds(f.write(f.operator, 'release', [7n, attacker]));

    expect((await receiverState()).reentryError).toBe('ReentrantCall');
    expect(await f.evm.balanceOf(attacker)).toBe(2n * ETHER);
    expect((await f.getIssue(8n)).status).toBe(status('open'));
    // Outside a payment, the same refund is its right.
    await asReceiver(escrowCall('refund', [8n]));
    expect(await f.evm.balanceOf(attacker)).toBe(3n * ETHER);
    expect(await f.evm.balanceOf(f.escrow)).toBe(0n);
  });

  it('reads, from inside its payment, an issue already settled and no longer held', async () => {
    await f.createIssue(7n, f.funder, 2n * ETHER);
    await f.createIssue(9n, f.otherFunder, 5n * ETHER);
    await f.succeeds(f.write(f.operator, 'assign', [7n, attacker]));
    await armReentry(
      encodeFunctionData({ abi: bountyEscrowAbi, functionName: 'getIssue', args: [7n] }),
      false,
    );
    await f.succeeds(f.write(f.operator, 'release', [7n, attacker]));
    const midRelease = await receiverState();
    expect(midRelease.reentrySucceeded).toBe(true);
    expect(
      decodeFunctionResult({
        abi: bountyEscrowAbi,
        functionName: 'getIssue',
        data: midRelease.reentryResult,
      }),
    ).toMatchObject({ status: status('released'), assignee: attacker });

    await fundAsReceiverAndPassDeadline();
    await armReentry(
      encodeFunctionData({ abi: bountyEscrowAbi, functionName: 'contractInfo' }),
      false,
    );
    await asReceiver(escrowCall('refund', [8n]));
    const midRefund = await receiverState();
    expect(midRefund.reentrySucceeded).toBe(true);
    expect(
      decodeFunctionResult({
        abi: bountyEscrowAbi,
        functionName: 'contractInfo',
        data: midRefund.reentryResult,
      })[3],
    ).toBe(5n * ETHER);
  });
});
