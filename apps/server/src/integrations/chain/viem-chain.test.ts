import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNTY_ESCROW_VERSION } from '@openstake/contracts';
import { createPublicClient, http, parseEther } from 'viem';
import { loadConfig } from '../../env';
import { ChainError, type Chain, type Hex } from './chain';
import { startDemoChain, type DemoChain } from './demo-chain';
import { createViemChain } from './viem-chain';

// The adapter against the devnet over real HTTP, with the escrow deployed from the committed
// bytecode: every write the outbox makes, the reads the routes make, and its errors.
let demo: DemoChain;
let chain: Chain;
let contributor: Hex;
const balanceOf = (address: Hex) =>
  createPublicClient({ transport: http(demo.settings.rpcUrl) }).getBalance({ address });

beforeAll(async () => {
  demo = await startDemoChain(
    loadConfig({ CHAIN_EXPLORER_URL: 'https://hashscan.io/testnet/transaction/{hash}' }),
  );
  chain = createViemChain(demo.settings);
  contributor = demo.accounts[5]!.address;
});
afterAll(() => demo.close());

const deadline = async () => (await chain.latestTimestamp()) + 86_400n;

describe('the chain adapter on the devnet', () => {
  it('records an issue with its bounty paid in, adds to it, assigns and releases it', async () => {
    expect(chain.toWei(50)).toBe(parseEther('50'));
    expect(chain.formatAmount(parseEther('50'))).toBe('50');
    expect(chain.formatAmount(123_456_789_123n * 10n ** 8n)).toBe('12.34567891');
    expect(chain.formatAmount(123_456_789_123n)).toBe('0.00000012');
    expect(chain.explorerTxUrl('0xabc')).toBe('https://hashscan.io/testnet/transaction/0xabc');

    const sent: Hex[] = [];
    const created = await chain.recordIssue(
      { issueId: 1001n, amount: chain.toWei(50), deadline: await deadline() },
      (hash) => {
        sent.push(hash);
        return Promise.resolve();
      },
    );
    expect(sent).toEqual([created]);
    expect(await chain.transactionStatus(created)).toBe('success');
    expect(await chain.findEventTransaction('IssueCreated', 1001n, 0n)).toBe(created);
    // Only blocks from the one named are looked at.
    const after = (await chain.blockNumber()) + 1n;
    expect(await chain.findEventTransaction('IssueCreated', 1001n, after)).toBeNull();
    await chain.addBounty({ issueId: 1001n, amount: chain.toWei(5), totalBefore: chain.toWei(50) });
    expect(await chain.getIssue(1001n)).toMatchObject({
      status: 'open',
      funder: chain.operatorAddress,
      amount: parseEther('55'),
      assignee: null,
    });

    await chain.assign({ issueId: 1001n, assignee: contributor });
    expect((await chain.getIssue(1001n))?.status).toBe('assigned');
    const before = await balanceOf(contributor);
    const released = await chain.release({ issueId: 1001n, to: contributor });
    expect(await balanceOf(contributor)).toBe(before + parseEther('55'));
    expect(await chain.findEventTransaction('BountyReleased', 1001n, 0n)).toBe(released);
    expect((await chain.getIssue(1001n))?.status).toBe('released');
    expect(await chain.issuesOf(contributor, 0n, 10n)).toEqual({ ids: [1001n], total: 1n });
  });

  it('refunds an issue to its funder, and reads the contract and its health', async () => {
    const info = await chain.contractInfo();
    await chain.recordIssue({ issueId: 1002n, amount: chain.toWei(7), deadline: await deadline() });
    expect((await chain.contractInfo()).totalHeld).toBe(info.totalHeld + parseEther('7'));
    await chain.refund({ issueId: 1002n });
    expect((await chain.getIssue(1002n))?.status).toBe('refunded');
    expect(await chain.contractInfo()).toMatchObject({
      version: BOUNTY_ESCROW_VERSION,
      operator: chain.operatorAddress,
      issueCount: info.issueCount + 1n,
      totalHeld: info.totalHeld,
    });
    expect(await chain.getIssue(999_999n)).toBeNull();
    expect(await chain.health()).toMatchObject({ ok: true, chainId: 31337, escrowDeployed: true });
  });

  it("throws the contract's refusal by name, and 'unavailable' when the chain is unreachable", async () => {
    const again = await chain
      .recordIssue({ issueId: 1002n, amount: 1n, deadline: await deadline() })
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ChainError);
    expect(again).toMatchObject({ kind: 'reverted', revert: 'IssueAlreadyExists' });
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
