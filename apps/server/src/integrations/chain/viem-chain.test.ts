import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNTY_ESCROW_VERSION } from '@openstake/contracts';
import { createPublicClient, http, parseEther } from 'viem';
import { loadConfig } from '../../env';
import { ChainError, type Chain, type Hex } from './chain';
import { startDemoChain, type DemoChain } from './demo-chain';
import type { FunderWallet } from './funder-wallet';
import { createViemChain } from './viem-chain';

// The adapter against the devnet over real HTTP, with the escrow deployed from the committed
// bytecode: a funder's funding, every write the outbox makes, the reads the routes make, and its
// errors.
let demo: DemoChain;
let chain: Chain;
let contributor: Hex;
/** A maintainer's wallet: the one that pays bounties in. */
let funder: FunderWallet;
const balanceOf = (address: Hex) =>
  createPublicClient({ transport: http(demo.settings.rpcUrl) }).getBalance({ address });

beforeAll(async () => {
  demo = await startDemoChain(
    loadConfig({ CHAIN_EXPLORER_URL: 'https://hashscan.io/testnet/transaction/{hash}' }),
  );
  chain = createViemChain(demo.settings);
  contributor = demo.accounts[5]!.address;
  funder = chain.funderWallet(demo.accounts[4]!.privateKey);
});
afterAll(() => demo.close());

const deadline = async () => (await chain.latestTimestamp()) + 86_400n;

describe('the chain adapter on the devnet', () => {
  it('reads a bounty a funder paid in; the operator holds, assigns and releases it, paying nothing', async () => {
    expect(chain.formatAmount(parseEther('50'))).toBe('50');
    expect(chain.formatAmount(123_456_789_123n * 10n ** 8n)).toBe('12.34567891');
    expect(chain.formatAmount(123_456_789_123n)).toBe('0.00000012');
    expect(chain.explorerTxUrl('0xabc')).toBe('https://hashscan.io/testnet/transaction/0xabc');

    const funded = await funder.fund({
      issueId: 1001n,
      amount: parseEther('50'),
      deadline: await deadline(),
    });
    expect(await chain.transactionStatus(funded)).toBe('success');
    expect(await chain.transactionReceipt(funded, 1001n)).toMatchObject({
      status: 'success',
      events: ['IssueCreated'],
    });
    expect(await chain.transactionReceipt(funded, 1002n)).toMatchObject({ events: [] });
    expect(await chain.findEventTransaction('IssueCreated', 1001n, 0n)).toBe(funded);
    // Only blocks from the one named are looked at.
    const after = (await chain.blockNumber()) + 1n;
    expect(await chain.findEventTransaction('IssueCreated', 1001n, after)).toBeNull();
    expect(await chain.getIssue(1001n)).toMatchObject({
      status: 'open',
      funder: funder.address,
      amount: parseEther('50'),
      assignee: null,
      heldUntil: 0n,
    });

    const operatorBefore = await balanceOf(chain.operatorAddress);
    const sent: Hex[] = [];
    const held = await chain.setHold({ issueId: 1001n, heldUntil: 4_000_000_000n }, (hash) => {
      sent.push(hash);
      return Promise.resolve();
    });
    expect(sent).toEqual([held]);
    expect((await chain.getIssue(1001n))?.heldUntil).toBe(4_000_000_000n);
    await chain.assign({ issueId: 1001n, assignee: contributor });
    expect((await chain.getIssue(1001n))?.status).toBe('assigned');
    const before = await balanceOf(contributor);
    const released = await chain.release({ issueId: 1001n, to: contributor });
    expect(await balanceOf(contributor)).toBe(before + parseEther('50'));
    expect(await chain.findEventTransaction('BountyReleased', 1001n, 0n)).toBe(released);
    expect((await chain.getIssue(1001n))?.status).toBe('released');
    expect(await chain.issuesOf(contributor, 0n, 10n)).toEqual({ ids: [1001n], total: 1n });
    // The operator paid gas for its three writes, and not a wei of the bounty.
    const spent = operatorBefore - (await balanceOf(chain.operatorAddress));
    expect(spent).toBeGreaterThan(0n);
    expect(spent).toBeLessThan(parseEther('0.01'));
  });

  it('refunds an issue to its funder, and reads the contract, its health and the node', async () => {
    const info = await chain.contractInfo();
    await funder.fund({ issueId: 1002n, amount: parseEther('7'), deadline: await deadline() });
    expect((await chain.contractInfo()).totalHeld).toBe(info.totalHeld + parseEther('7'));
    const funderBefore = await balanceOf(funder.address);
    await chain.refund({ issueId: 1002n });
    expect(await balanceOf(funder.address)).toBe(funderBefore + parseEther('7'));
    expect(await chain.balanceOf(funder.address)).toBe(funderBefore + parseEther('7'));
    expect((await chain.getIssue(1002n))?.status).toBe('refunded');
    expect(await chain.contractInfo()).toMatchObject({
      version: BOUNTY_ESCROW_VERSION,
      operator: chain.operatorAddress,
      issueCount: info.issueCount + 1n,
      totalHeld: info.totalHeld,
    });
    expect(await chain.getIssue(999_999n)).toBeNull();
    expect(await chain.health()).toMatchObject({ ok: true, chainId: 31337, escrowDeployed: true });
    expect(await chain.nodeChainId()).toBe(31337);
  });

  it("throws the contract's refusal by name, and 'unavailable' when the chain is unreachable", async () => {
    const again = await funder
      .fund({ issueId: 1002n, amount: 1n, deadline: await deadline() })
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ChainError);
    expect(again).toMatchObject({ kind: 'reverted', revert: 'IssueAlreadyExists' });
    // The operator's own key can never pay a bounty in.
    const byOperator = await chain
      .funderWallet(demo.settings.operatorKey)
      .fund({ issueId: 1003n, amount: 1n, deadline: await deadline() })
      .catch((error: unknown) => error);
    expect(byOperator).toMatchObject({ kind: 'reverted', revert: 'OperatorCannotFund' });
    const twice = await chain
      .release({ issueId: 1001n, to: contributor })
      .catch((error: unknown) => error);
    expect(twice).toMatchObject({ kind: 'reverted', revert: 'AlreadyReleased' });
    const self = await chain
      .assign({ issueId: 1002n, assignee: chain.operatorAddress })
      .catch((error: unknown) => error);
    expect(self).toMatchObject({ kind: 'reverted', revert: 'AlreadyRefunded' });

    const down = createViemChain({ ...demo.settings, rpcUrl: 'http://127.0.0.1:9/' });
    const failed = await down.getIssue(1n).catch((error: unknown) => error);
    expect(failed).toMatchObject({ kind: 'unavailable' });
    expect(await down.health()).toMatchObject({ ok: false });
  });
});
