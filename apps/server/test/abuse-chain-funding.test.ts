import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GithubSim } from '@openstake/github-sim';
import { bountyEscrowAbi } from '@openstake/contracts';
import type { ChainBounty, MergeFeedback } from '@openstake/core';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoChain, type DemoChain } from '../src/integrations/chain/demo-chain';
import { checkAwaitingFundings } from '../src/modules/chain/confirm-chain-funding';
import { sendChainOperations } from '../src/modules/chain/send-chain-operations';
import { settleStake } from '../src/modules/stakes/settle-stake';
import { newestPendingStakeOn } from '../src/modules/stakes/stake-store';
import { getBalance, mintShard, walletOf } from '../src/modules/ledger/accounts';
import { transfer } from '../src/modules/ledger/transfer';
import { inTransaction } from '../src/db/transaction';
import { loadConfig } from '../src/env';
import { stakes } from '../src/db/schema';
import { and, eq } from 'drizzle-orm';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { linkWallet } from './helpers/link-wallet';
import { freePort, startServerProcess } from './helpers/server-process';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 27, hole 3: "Given coins become the operator's currency". A new maintainer's free coins
 * bought a bounty the operator's key paid out in real currency to a wallet of the maintainer's
 * second account. The operator now pays nothing in: a chain bounty is the maintainer's own
 * wallet's money, funded only once the chain shows it; and a funder cannot take it back from a
 * contributor whose work is pending. Everything is real: the server, the GitHub simulator and the
 * local EVM chain (anvil) with the escrow contract.
 */

const DAY_MS = 86_400_000;
let offsetMs = 0;
let app: TestApp;
let sim: GithubSim;
let base: string;
let chain: PublicClient;
let operator: Hex;
/** A new maintainer (1,000 free coins) and her second GitHub identity, a contributor. */
let maintainer: Account;
let second: Account;
/** The maintainer's own wallet, linked to her account; the second account's wallet. */
const maintainerKey = generatePrivateKey();
const secondKey = generatePrivateKey();
const maintainerWallet = privateKeyToAccount(maintainerKey).address;
const secondWallet = privateKeyToAccount(secondKey).address;

beforeAll(async () => {
  app = await buildTestApp(
    {},
    { chain: true, clock: { now: () => new Date(Date.now() + offsetMs) } },
  );
  sim = app.githubSim!;
  base = await listen(app);
  // No cache: each read is the chain as it is now.
  chain = createPublicClient({ transport: http(app.demoChain!.settings.rpcUrl), cacheTime: 0 });
  operator = privateKeyToAccount(app.demoChain!.settings.operatorKey).address;
  maintainer = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  second = await createUser(app, 'contributor', { githubUsername: 'rita-reader' });
  await linkGithub(base, maintainer, 'mia-maintainer');
  await linkGithub(base, second, 'rita-reader');
  await connectRepository(app, base, maintainer, REPO);
  await linkWallet(app, maintainer, maintainerKey);
  await linkWallet(app, second, secondKey);
  // The maintainer's wallet holds some of the chain's currency of her own.
  await app.demoChain!.faucet.fund(maintainerWallet, parseEther('100'));
});
afterAll(() => app.close());

const devnet = () =>
  defineChain({
    id: app.demoChain!.settings.chainId,
    name: 'devnet',
    nativeCurrency: { name: 'HBAR', symbol: 'HBAR', decimals: 18 },
    rpcUrls: { default: { http: [app.demoChain!.settings.rpcUrl] } },
  });

/** The maintainer's coins run low after a big bounty: a month's grant, as the ledger pays one. */
const grantCoins = (amount: number, key: string) =>
  inTransaction(app.ctx.db, (tx) =>
    transfer(tx, {
      from: mintShard(),
      to: walletOf(maintainer.user.id),
      amount,
      kind: 'monthly_grant',
      reference: 'abuse-chain-funding',
      idempotencyKey: `abuse-chain-funding:${key}`,
    }),
  );

const as = (who: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.server.inject({ method, url, headers: { cookie: who.cookie }, payload });

interface Created {
  issueId: number;
  number: number;
  bountyAmount: number;
  chainBounty: ChainBounty | null;
}

const postBounty = async (title: string, bountyAmount: number, chainBounty: string | null) => {
  const res = await as(maintainer, 'POST', '/api/maintainer/bounty-issues', {
    ...REPO,
    title,
    stakeAmount: 10,
    bountyAmount,
    chainBounty,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Created }>().data;
};

/** The second account stakes on the issue with a pull request that fixes it; returns the PR. */
const stakeAsSecond = async (created: Created) => {
  const pr = await stakeWorld(app, sim).openPullRequest('rita-reader', created.number);
  const staked = await as(second, 'POST', '/api/contributor/stakes', {
    issueId: created.issueId,
    prUrl: pr.url,
    amount: 10,
  });
  expect(staked.statusCode, staked.body).toBe(201);
  return pr;
};

const feedback: MergeFeedback = {
  ratings: { codeQuality: 3, documentation: 3, testing: 3, performance: 3, security: 3 },
  tags: [],
  complexity: [],
  bonuses: [],
};
const merge = async (pr: { number: number }) => {
  const merged = await as(
    maintainer,
    'POST',
    `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${String(pr.number)}/merge`,
    feedback,
  );
  expect(merged.statusCode, merged.body).toBe(200);
  await sim.idle();
  await app.ctx.background.idle();
};

/** Every run of the chain job there will be: each backoff passed, three times over. */
const runChainJobs = async () => {
  for (let run = 0; run < 3; run++) {
    offsetMs += 2 * 60 * 60_000;
    await checkAwaitingFundings(app.ctx);
    await sendChainOperations(app.ctx, newestPendingStakeOn);
  }
  offsetMs = 0;
};

/** What the operator's own transactions since `fromBlock` cost it in gas, to the wei. */
async function operatorGasSince(fromBlock: bigint): Promise<bigint> {
  let spent = 0n;
  const latest = await chain.getBlockNumber();
  for (let number = fromBlock + 1n; number <= latest; number++) {
    const block = await chain.getBlock({ blockNumber: number, includeTransactions: true });
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== operator.toLowerCase()) continue;
      // The operator never sends value: every wei it loses is gas.
      expect(tx.value).toBe(0n);
      const receipt = await chain.getTransactionReceipt({ hash: tx.hash });
      spent += receipt.gasUsed * receipt.effectiveGasPrice;
    }
  }
  return spent;
}

describe('given coins never become the chain’s currency', () => {
  it('a new maintainer’s 951 given coins, won by her second account, pay that account’s wallet nothing and cost the operator nothing', async () => {
    expect(await getBalance(app.ctx.db, walletOf(maintainer.user.id))).toBe(1000);
    const fromBlock = await chain.getBlockNumber();
    const operatorBefore = await chain.getBalance({ address: operator });
    const secondBefore = await chain.getBalance({ address: secondWallet });

    const created = await postBounty('Given coins bounty', 951, null);
    expect(created).toMatchObject({ bountyAmount: 951, chainBounty: null });
    await merge(await stakeAsSecond(created));
    await runChainJobs();

    // The second account won the bounty in coins, as OpenStake's rules say ...
    expect(await getBalance(app.ctx.db, walletOf(second.user.id))).toBeGreaterThanOrEqual(951);
    // ... and not a wei on the chain: nobody paid anything in, and the operator sent nothing.
    expect(await chain.getBalance({ address: secondWallet })).toBe(secondBefore);
    expect(await chain.getBalance({ address: operator })).toBe(operatorBefore);
    expect(await chain.getBlockNumber()).toBe(fromBlock);
    const onChain = await chain.readContract({
      address: app.demoChain!.settings.escrowAddress,
      abi: bountyEscrowAbi,
      functionName: 'getIssue',
      args: [BigInt(created.issueId)],
    });
    expect(onChain.status).toBe(0);
  });

  it('a chain bounty the maintainer’s wallet paid in reaches the winner from the escrow; the operator pays only its gas', async () => {
    const fromBlock = await chain.getBlockNumber();
    const operatorBefore = await chain.getBalance({ address: operator });
    const secondBefore = await chain.getBalance({ address: secondWallet });
    await grantCoins(100, 'funded');
    const created = await postBounty('Funded chain bounty', 40, '5');

    // Her wallet pays it in, as her browser asks it to; the server checks the chain.
    const funder = createWalletClient({
      account: privateKeyToAccount(maintainerKey),
      transport: http(app.demoChain!.settings.rpcUrl),
      chain: devnet(),
    });
    const maintainerBefore = await chain.getBalance({ address: maintainerWallet });
    const txHash = await funder.writeContract({
      address: app.demoChain!.settings.escrowAddress,
      abi: bountyEscrowAbi,
      functionName: 'createIssue',
      args: [BigInt(created.issueId), BigInt(created.chainBounty!.deadline)],
      value: parseEther('5'),
    });
    const funding = await chain.waitForTransactionReceipt({ hash: txHash });
    const confirmed = await as(maintainer, 'POST', '/api/chain/confirm-funding', {
      issueId: created.issueId,
      txHash,
    });
    expect(confirmed.json().data).toMatchObject({ status: 'funded' });

    await merge(await stakeAsSecond(created));
    await runChainJobs();

    // The winner's wallet got exactly what the maintainer's wallet paid in ...
    expect(await chain.getBalance({ address: secondWallet })).toBe(secondBefore + parseEther('5'));
    expect(await chain.getBalance({ address: maintainerWallet })).toBe(
      maintainerBefore - parseEther('5') - funding.gasUsed * funding.effectiveGasPrice,
    );
    // ... and the operator lost its gas and nothing more: far less than the bounty.
    const gas = await operatorGasSince(fromBlock);
    expect(gas).toBeGreaterThan(0n);
    expect(await chain.getBalance({ address: operator })).toBe(operatorBefore - gas);
    expect(gas).toBeLessThan(parseEther('5') / 100n);
  });

  it('the operator’s key cannot pay a bounty in even if asked to', async () => {
    const operatorWallet = createWalletClient({
      account: privateKeyToAccount(app.demoChain!.settings.operatorKey),
      transport: http(app.demoChain!.settings.rpcUrl),
      chain: devnet(),
    });
    const refused = await operatorWallet
      .writeContract({
        address: app.demoChain!.settings.escrowAddress,
        abi: bountyEscrowAbi,
        functionName: 'createIssue',
        args: [987_654_321n, BigInt(Math.floor(Date.now() / 1000) + 86_400)],
        value: parseEther('951'),
      })
      .catch((error: unknown) => error);
    expect(String(refused)).toMatch(/OperatorCannotFund/);
  });
});

describe('a funder cannot take a bounty back while a stake on it is pending', () => {
  it('refuses the funder’s refund after the deadline while the stake is pending, and allows it once it settled', async () => {
    // The bounty was posted 85 days ago: its 90-day deadline is 5 days ahead.
    await grantCoins(100, 'held');
    offsetMs = -85 * DAY_MS;
    const created = await postBounty('Held bounty', 30, '3');
    offsetMs = 0;
    const escrow = app.demoChain!.settings.escrowAddress;
    const funder = createWalletClient({
      account: privateKeyToAccount(maintainerKey),
      transport: http(app.demoChain!.settings.rpcUrl),
      chain: devnet(),
    });
    const fundingHash = await funder.writeContract({
      address: escrow,
      abi: bountyEscrowAbi,
      functionName: 'createIssue',
      args: [BigInt(created.issueId), BigInt(created.chainBounty!.deadline)],
      value: parseEther('3'),
    });
    await chain.waitForTransactionReceipt({ hash: fundingHash });
    const confirmed = await as(maintainer, 'POST', '/api/chain/confirm-funding', {
      issueId: created.issueId,
      txHash: fundingHash,
    });
    expect(confirmed.json().data).toMatchObject({ status: 'funded' });

    await stakeAsSecond(created);
    await runChainJobs();
    // Six days on: the deadline has passed, the stake is still pending.
    await chain.request({ method: 'evm_increaseTime' as never, params: [6 * 86_400] as never });
    await chain.request({ method: 'evm_mine' as never, params: [] as never });
    const now = (await chain.getBlock()).timestamp;
    expect(now).toBeGreaterThan(BigInt(created.chainBounty!.deadline));

    const takeBack = () =>
      funder
        .writeContract({
          address: escrow,
          abi: bountyEscrowAbi,
          functionName: 'refund',
          args: [BigInt(created.issueId)],
        })
        .catch((error: unknown) => error);
    expect(String(await takeBack())).toMatch(/WorkPending/);
    expect(await chain.getBalance({ address: escrow })).toBeGreaterThanOrEqual(parseEther('3'));

    // The stake ends (its contributor takes it back): the hold is cleared, and the bounty is the
    // funder's to refund after its deadline.
    const [stake] = await app.ctx.db
      .select()
      .from(stakes)
      .where(and(eq(stakes.issueGithubId, created.issueId), eq(stakes.status, 'pending')));
    await settleStake(
      { stakeId: stake!.id, outcome: { kind: 'withdrawn' }, settledBy: 'test' },
      app.ctx,
    );
    await runChainJobs();
    const refunded = await takeBack();
    expect(refunded).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await chain.waitForTransactionReceipt({ hash: refunded as Hex })).status).toBe(
      'success',
    );
  });
});

describe('the chain a server is configured for', () => {
  let devnet: DemoChain;
  beforeAll(async () => {
    devnet = await startDemoChain(loadConfig({}));
  });
  afterAll(() => devnet.close());

  const serverEnv = async (overrides: Record<string, string>) => ({
    PORT: String(await freePort()),
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openstake-chain-id-')),
    GITHUB_CLIENT_ID: 'chain-id-test',
    GITHUB_CLIENT_SECRET: 'chain-id-test-secret',
    CHAIN_RPC_URL: devnet.settings.rpcUrl,
    CHAIN_OPERATOR_KEY: devnet.settings.operatorKey,
    ESCROW_ADDRESS: devnet.settings.escrowAddress,
    ...overrides,
  });

  it('refuses to start when the node is another chain than CHAIN_ID, or CHAIN_ID is not set', async () => {
    await expect(startServerProcess(await serverEnv({ CHAIN_ID: '296' }))).rejects.toThrow(
      'CHAIN_ID is 296, but the node at CHAIN_RPC_URL is chain 31337: point CHAIN_RPC_URL at chain 296, or set CHAIN_ID to the chain you mean.',
    );
    await expect(startServerProcess(await serverEnv({}))).rejects.toThrow(
      'CHAIN_ID: set CHAIN_ID to the chain id of CHAIN_RPC_URL',
    );
  });
});
