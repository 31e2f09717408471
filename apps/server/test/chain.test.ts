import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GithubSim } from '@openstake/github-sim';
import { Octokit } from '@octokit/rest';
import { BOUNTY_ESCROW_VERSION, bountyEscrowAbi } from '@openstake/contracts';
import type { MergeFeedback } from '@openstake/core';
import { eq } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bountyIssues, chainOperations, wallets } from '../src/db/schema';
import { ChainError, type Chain } from '../src/integrations/chain/chain';
import { createViemChain } from '../src/integrations/chain/viem-chain';
import {
  sendChainOperation,
  sendChainOperations,
} from '../src/modules/chain/send-chain-operations';
import { bountyEscrowOf, getBalance, mintShard, walletOf } from '../src/modules/ledger/accounts';
import { transfer } from '../src/modules/ledger/transfer';
import { inTransaction } from '../src/db/transaction';
import { hederaLongZeroAddress, payoutAddressOf } from '../src/modules/wallets/payout-address';
import { settleFromGithubEvents } from '../src/modules/stakes/settle-from-github-events';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/**
 * The chain between the server and the devnet: an HTTP proxy the test switches off, as a JSON-RPC
 * relay that is down answers (503).
 */
async function switchableRelay() {
  const relay = { target: '', up: true, url: '' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (!relay.up) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('relay unavailable');
        return;
      }
      void fetch(relay.target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(await answer.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    relay,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let app: TestApp;
let sim: GithubSim;
let relay: Awaited<ReturnType<typeof switchableRelay>>;
let mia: Account;
let octo: Account;
let direct: Chain;
let base: string;
let offsetMs = 0;

beforeAll(async () => {
  relay = await switchableRelay();
  app = await buildTestApp(
    { CHAIN_EXPLORER_URL: 'https://hashscan.io/testnet/transaction/{hash}' },
    {
      chain: {
        rpcUrlFor(devnetUrl) {
          relay.relay.target = devnetUrl;
          return relay.relay.url;
        },
      },
      clock: { now: () => new Date(Date.now() + offsetMs) },
    },
  );
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  await linkGithub(base, mia, 'mia-maintainer');
  await linkGithub(base, octo, 'octo-dev');
  await connectRepository(app, base, mia, REPO);
  // The same chain, reached without the relay: what the test does behind the server's back.
  direct = createViemChain(app.demoChain!.settings);
});
afterAll(async () => {
  await app.close();
  await relay.close();
});

const as = (who: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.server.inject({ method, url, headers: { cookie: who.cookie }, payload });
describe('the public configuration', () => {
  it('names the escrow contract, for the wallet page', async () => {
    const res = await app.server.inject({ url: '/api/config' });
    expect(res.json().data).toMatchObject({ escrowAddress: app.demoChain!.settings.escrowAddress });
  });
});

describe("a wallet's challenge", () => {
  it("names the ledger network's chain (the devnet's 31337, not CHAIN_ID's default 1)", async () => {
    const stored = await as(octo, 'POST', '/api/store/values', {
      githubUsername: octo.user.githubUsername,
      publicKey: privateKeyToAccount(generatePrivateKey()).address,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const { message } = stored.json<{ challenge: { message: string } }>().challenge;
    expect(app.demoChain!.settings.chainId).toBe(31337);
    expect(parseSiweMessage(message).chainId).toBe(31337);
  });
});

/** Links a wallet to the account as a user does: the challenge from /api/store/values, signed. */
async function linkWallet(who: Account, privateKey: Hex): Promise<void> {
  const wallet = privateKeyToAccount(privateKey);
  const githubUsername = who.user.githubUsername;
  const stored = await as(who, 'POST', '/api/store/values', {
    githubUsername,
    publicKey: wallet.address,
  });
  expect(stored.statusCode, stored.body).toBe(200);
  const { message } = stored.json<{ challenge: { message: string } }>().challenge;
  const linked = await as(who, 'POST', '/api/users/create', {
    walletAddress: wallet.address,
    githubUsername,
    walletType: 'metamask',
    publicKey: wallet.address,
    role: 'contributor',
    owner: null,
    repo: null,
    issue: null,
    message,
    signature: await wallet.signMessage({ message }),
  });
  expect(linked.statusCode, linked.body).toBe(200);
}

const createBounty = async (title: string, bountyAmount = 100) => {
  const res = await as(mia, 'POST', '/api/maintainer/bounty-issues', {
    ...REPO,
    title,
    body: 'On the chain too.',
    labels: [],
    assignees: [],
    milestone: null,
    stakeAmount: 10,
    bountyAmount,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const operationsOf = (issueId: number) =>
  app.ctx.db.select().from(chainOperations).where(eq(chainOperations.issueGithubId, issueId));
/** The job's next run, once every backoff has passed. */
const runJobLater = async () => {
  offsetMs += 2 * 60 * 60_000;
  return sendChainOperations(app.ctx);
};
/** The maintainer closes the bounty's issue on GitHub, unwon; settlement and the job's next run follow. */
const closeUnwon = async (created: { number: number }) => {
  const onGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  await onGithub.rest.issues.update({ ...REPO, issue_number: created.number, state: 'closed' });
  await sim.idle();
  await settleFromGithubEvents(app.ctx);
  await app.ctx.background.idle();
  await runJobLater();
};
const listed = async (issueId: number) =>
  (await as(mia, 'GET', '/api/maintainer/bounty-issues?search=Chain'))
    .json()
    .data.issues.find((i: { id: number }) => i.id === issueId);
const publicClient = () =>
  createPublicClient({
    chain: defineChain({
      id: 31337,
      name: 'devnet',
      nativeCurrency: { name: 'HBAR', symbol: 'HBAR', decimals: 18 },
      rpcUrls: { default: { http: [app.demoChain!.settings.rpcUrl] } },
    }),
    transport: http(app.demoChain!.settings.rpcUrl),
  });
const createdEvents = async (issueId: number) =>
  publicClient().getContractEvents({
    address: app.demoChain!.settings.escrowAddress,
    abi: bountyEscrowAbi,
    eventName: 'IssueCreated',
    args: { id: BigInt(issueId) },
    fromBlock: 0n,
  });
const setOperatorBalance = (wei: bigint) =>
  publicClient().request({
    method: 'anvil_setBalance' as never,
    params: [direct.operatorAddress, `0x${wei.toString(16)}`] as never,
  });

describe('a bounty issue on the chain', () => {
  it('is recorded with its bounty paid in; the answer and the list carry the transaction', async () => {
    const created = await createBounty('Chain recorded');
    expect(created.ledgerNetwork).toEqual({
      status: 'recorded',
      id: String(created.issueId),
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      explorerUrl: `https://hashscan.io/testnet/transaction/${created.ledgerNetwork.txHash}`,
    });
    expect(created).toMatchObject({
      blockchainIssueId: String(created.issueId),
      txHash: created.ledgerNetwork.txHash,
      chainAmounts: { symbol: 'HBAR', stake: '10', bounty: '100' },
    });
    expect(await direct.getIssue(BigInt(created.issueId))).toMatchObject({
      status: 'open',
      funder: direct.operatorAddress,
      amount: parseEther('100'),
    });
    expect((await createdEvents(created.issueId)).map((e) => e.transactionHash)).toEqual([
      created.txHash,
    ]);
    expect((await listed(created.issueId)).ledgerNetwork).toEqual(created.ledgerNetwork);
  });

  it('commits while the chain is down, pending with the reason, and is recorded once it is back', async () => {
    relay.relay.up = false;
    const before = await getBalance(app.ctx.db, walletOf(mia.user.id));
    const created = await createBounty('Chain down');
    expect(created.ledgerNetwork).toMatchObject({
      status: 'pending',
      id: String(created.issueId),
      lastError: expect.stringMatching(/./),
    });
    expect(created.txHash).toBeNull();
    // The bounty issue is whole in OpenStake and on GitHub: nothing undone, nothing half-made.
    expect(await getBalance(app.ctx.db, walletOf(mia.user.id))).toBe(before - 105);
    expect(await getBalance(app.ctx.db, bountyEscrowOf(created.issueId))).toBe(100);
    expect(
      await app.ctx.db
        .select()
        .from(bountyIssues)
        .where(eq(bountyIssues.issueGithubId, created.issueId)),
    ).toHaveLength(1);
    const onGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    const { data: issue } = await onGithub.rest.issues.get({
      ...REPO,
      issue_number: created.number,
    });
    expect(issue.state).toBe('open');
    expect((await listed(created.issueId)).ledgerNetwork.status).toBe('pending');

    // Retried while still down: pending, with its attempts counted.
    await runJobLater();
    const [stillDown] = await operationsOf(created.issueId);
    expect(stillDown).toMatchObject({ status: 'pending', attempts: 2, txHash: null });

    relay.relay.up = true;
    await runJobLater();
    const [op] = await operationsOf(created.issueId);
    expect(op).toMatchObject({ status: 'recorded', lastError: null, attempts: 3 });
    expect(await direct.getIssue(BigInt(created.issueId))).toMatchObject({
      amount: parseEther('100'),
    });
    expect((await listed(created.issueId)).ledgerNetwork).toMatchObject({
      status: 'recorded',
      txHash: op!.txHash,
    });
  });

  it('waits while the operator cannot pay, and is recorded once it can', async () => {
    const funds = await publicClient().getBalance({ address: direct.operatorAddress });
    await setOperatorBalance(0n);
    const created = await createBounty('Chain operator broke', 3);
    expect(created.ledgerNetwork.status).toBe('pending');
    await setOperatorBalance(funds);
    await runJobLater();
    expect((await operationsOf(created.issueId))[0]?.status).toBe('recorded');
  });

  it('is failed with the reason when another record holds its id on the chain', async () => {
    relay.relay.up = false;
    const created = await createBounty('Chain taken');
    // Someone else records the id first (a stranger's own transaction on the chain).
    const stranger = app.demoChain!.accounts[3]!;
    const strangerWallet = createWalletClient({
      chain: publicClient().chain,
      transport: http(app.demoChain!.settings.rpcUrl),
      account: privateKeyToAccount(stranger.privateKey),
    });
    const latest = await direct.latestTimestamp();
    await strangerWallet.writeContract({
      address: app.demoChain!.settings.escrowAddress,
      abi: bountyEscrowAbi,
      functionName: 'createIssue',
      args: [BigInt(created.issueId), latest + 86_400n],
      value: 1n,
    });
    relay.relay.up = true;
    await runJobLater();
    expect((await operationsOf(created.issueId))[0]).toMatchObject({
      status: 'failed',
      lastError: 'another record holds this issue id on the chain',
    });
    expect((await listed(created.issueId)).ledgerNetwork).toEqual({
      status: 'failed',
      id: String(created.issueId),
      reason: 'another record holds this issue id on the chain',
    });
    // Failed is final: the job leaves it.
    await runJobLater();
    expect((await operationsOf(created.issueId))[0]?.attempts).toBe(2);
  });

  it('is never recorded twice when a send went through but its outcome was not recorded', async () => {
    relay.relay.up = false;
    const created = await createBounty('Chain sent then lost');
    const id = BigInt(created.issueId);
    const [op] = await operationsOf(created.issueId);
    // The sender sent the transaction and died before writing it down.
    const sent = await direct.recordIssue({
      issueId: id,
      amount: BigInt((op!.payload as { amount: string }).amount),
      deadline: (await direct.latestTimestamp()) + 86_400n,
    });
    const info = await direct.contractInfo();
    const nonce = await publicClient().getTransactionCount({ address: direct.operatorAddress });
    relay.relay.up = true;
    await runJobLater();
    expect((await operationsOf(created.issueId))[0]).toMatchObject({
      status: 'recorded',
      txHash: sent,
    });
    expect(await direct.contractInfo()).toEqual(info);
    expect(await publicClient().getTransactionCount({ address: direct.operatorAddress })).toBe(
      nonce,
    );
    expect(await createdEvents(created.issueId)).toHaveLength(1);
  });

  it('is recorded with the hash it was sent with when it died after the send was written down', async () => {
    relay.relay.up = false;
    const created = await createBounty('Chain sent and noted');
    const [op] = await operationsOf(created.issueId);
    const sent = await direct.recordIssue({
      issueId: BigInt(created.issueId),
      amount: BigInt((op!.payload as { amount: string }).amount),
      deadline: (await direct.latestTimestamp()) + 86_400n,
    });
    await app.ctx.db
      .update(chainOperations)
      .set({ status: 'sent', txHash: sent })
      .where(eq(chainOperations.id, op!.id));
    const nonce = await publicClient().getTransactionCount({ address: direct.operatorAddress });
    relay.relay.up = true;
    await runJobLater();
    expect((await operationsOf(created.issueId))[0]).toMatchObject({
      status: 'recorded',
      txHash: sent,
    });
    expect(await publicClient().getTransactionCount({ address: direct.operatorAddress })).toBe(
      nonce,
    );
  });
});

describe('a send whose transaction never reached the chain', () => {
  it('is waited for a while, then sent again', async () => {
    relay.relay.up = false;
    const created = await createBounty('Chain lost on the way');
    const [op] = await operationsOf(created.issueId);
    const lost = `0x${'ab'.repeat(32)}`;
    const now = app.ctx.clock.now();
    await app.ctx.db
      .update(chainOperations)
      .set({ status: 'sent', txHash: lost, sentAt: now, nextAttemptAt: now })
      .where(eq(chainOperations.id, op!.id));
    relay.relay.up = true;
    await sendChainOperations(app.ctx);
    expect((await operationsOf(created.issueId))[0]).toMatchObject({
      status: 'sent',
      txHash: lost,
      lastError: 'waiting for the transaction sent earlier to be mined',
    });
    expect(await createdEvents(created.issueId)).toHaveLength(0);
    await runJobLater();
    const [done] = await operationsOf(created.issueId);
    expect(done).toMatchObject({ status: 'recorded' });
    expect(done!.txHash).not.toBe(lost);
    expect((await createdEvents(created.issueId)).map((e) => e.transactionHash)).toEqual([
      done!.txHash,
    ]);
  });
});

describe('senders racing', () => {
  it('send an operation once when the job runs on two servers and the request retries it', async () => {
    relay.relay.up = false;
    const created = await createBounty('Chain raced');
    const [op] = await operationsOf(created.issueId);
    relay.relay.up = true;
    offsetMs += 2 * 60 * 60_000;
    const nonce = await publicClient().getTransactionCount({ address: direct.operatorAddress });
    await Promise.all([
      sendChainOperations(app.ctx),
      sendChainOperations(app.ctx),
      sendChainOperation(op!.id, app.ctx),
    ]);
    expect((await operationsOf(created.issueId))[0]?.status).toBe('recorded');
    expect(await publicClient().getTransactionCount({ address: direct.operatorAddress })).toBe(
      nonce + 1,
    );
    expect(await createdEvents(created.issueId)).toHaveLength(1);
  });
});

describe("a bounty's end on the chain", () => {
  const feedback: MergeFeedback = {
    ratings: { codeQuality: 4, documentation: 4, testing: 4, performance: 4, security: 4 },
    tags: ['bugFix'],
    complexity: [],
    bonuses: [],
  };

  it("is released to the winner's linked wallet when the merge pays the bounty", async () => {
    const created = await createBounty('Chain payout', 40);
    const pr = await stakeWorld(app, sim).openPullRequest('octo-dev', created.number);
    const staked = await as(octo, 'POST', '/api/contributor/stakes', {
      issueId: created.issueId,
      prUrl: pr.url,
      amount: 10,
    });
    expect(staked.statusCode, staked.body).toBe(201);
    const merged = await as(
      mia,
      'POST',
      `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${String(pr.number)}/merge`,
      feedback,
    );
    expect(merged.statusCode, merged.body).toBe(200);
    await sim.idle();
    await app.ctx.background.idle();

    // No linked wallet yet: the payout waits, pending, saying why.
    await runJobLater();
    const release = async () =>
      (await operationsOf(created.issueId)).find((o) => o.kind === 'release');
    expect(await release()).toMatchObject({
      status: 'pending',
      lastError: 'waiting for the contributor to link a wallet',
    });

    const { address: payee, privateKey } = app.demoChain!.accounts[6]!;
    await linkWallet(octo, privateKey);
    const before = await publicClient().getBalance({ address: payee });
    // The maintainer's assign-issue call races the payout: naming their own address, it is
    // mined just before the release transaction. The release still pays the winner: it names
    // its payee rather than paying whoever is assigned by then.
    const maintainerAddress = app.demoChain!.accounts[8]!.address;
    const maintainerBefore = await publicClient().getBalance({ address: maintainerAddress });
    const raced: Chain = {
      ...direct,
      release: async (input, onSent) => {
        await direct.assign({ issueId: input.issueId, assignee: maintainerAddress });
        return direct.release(input, onSent);
      },
    };
    offsetMs += 2 * 60 * 60_000;
    const sent = await sendChainOperation((await release())!.id, { ...app.ctx, chain: raced });
    expect(sent).toMatchObject({ status: 'recorded' });
    expect(await release()).toMatchObject({ status: 'recorded' });
    expect(await publicClient().getBalance({ address: payee })).toBe(before + parseEther('40'));
    expect(await publicClient().getBalance({ address: maintainerAddress })).toBe(maintainerBefore);
    expect(await direct.getIssue(BigInt(created.issueId))).toMatchObject({
      status: 'released',
      assignee: payee,
    });
    // Once: the job leaves it, and the chain refuses a second release.
    await runJobLater();
    expect(await publicClient().getBalance({ address: payee })).toBe(before + parseEther('40'));
  });

  it("is not paid to a Hedera account's long-zero address on a chain that is not Hedera's", async () => {
    const hederaOnly = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
    await linkGithub(base, hederaOnly, 'newbie-nia');
    // A Hedera account linked (as /api/hedera/connect leaves it), and no MetaMask.
    await app.ctx.db.insert(wallets).values({
      userId: hederaOnly.user.id,
      type: 'hedera',
      address: '0.0.4500001',
      publicKey: 'ed25519-key-of-0.0.4500001',
    });
    const longZero = hederaLongZeroAddress('0.0.4500001');
    expect(await payoutAddressOf(app.ctx.db, hederaOnly.user.id, 296)).toBe(longZero);
    expect(await payoutAddressOf(app.ctx.db, hederaOnly.user.id, 31337)).toBeNull();

    const created = await createBounty('Chain Hedera payout', 25);
    const pr = await stakeWorld(app, sim).openPullRequest('newbie-nia', created.number);
    const staked = await as(hederaOnly, 'POST', '/api/contributor/stakes', {
      issueId: created.issueId,
      prUrl: pr.url,
      amount: 10,
    });
    expect(staked.statusCode, staked.body).toBe(201);
    const merged = await as(
      mia,
      'POST',
      `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${String(pr.number)}/merge`,
      feedback,
    );
    expect(merged.statusCode, merged.body).toBe(200);
    await sim.idle();
    await app.ctx.background.idle();
    await runJobLater();

    // The devnet (31337) is not Hedera: the payout waits for a wallet this chain can pay.
    expect((await operationsOf(created.issueId)).find((o) => o.kind === 'release')).toMatchObject({
      status: 'pending',
      lastError: 'waiting for the contributor to link a wallet',
    });
    expect(await publicClient().getBalance({ address: longZero })).toBe(0n);
    expect((await direct.getIssue(BigInt(created.issueId)))?.status).toBe('open');
  });

  it('is refunded to the funder when the issue closes unwon', async () => {
    const created = await createBounty('Chain refund', 30);
    const held = (await direct.contractInfo()).totalHeld;
    await closeUnwon(created);
    expect((await operationsOf(created.issueId)).find((o) => o.kind === 'refund')).toMatchObject({
      status: 'recorded',
    });
    expect((await direct.getIssue(BigInt(created.issueId)))?.status).toBe('refunded');
    expect((await direct.contractInfo()).totalHeld).toBe(held - parseEther('30'));
  });
});

describe("spec 001 s7's contract-backend calls", () => {
  it('create-issue sends a pending record now and answers its chain id and transaction', async () => {
    relay.relay.up = false;
    const created = await createBounty('Chain via the call');
    relay.relay.up = true;
    const res = await as(mia, 'POST', '/api/chain/create-issue', { issueId: created.issueId });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      blockchainIssueId: String(created.issueId),
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      stakeAmount: 10,
      ledgerNetwork: { status: 'recorded' },
    });
    // Again: the same record, nothing sent.
    const again = await as(mia, 'POST', '/api/chain/create-issue', { issueId: created.issueId });
    expect(again.json().data.txHash).toBe(data.txHash);
    // Another maintainer's issue, or one that does not exist, is not found.
    const other = await createUser(app, 'maintainer');
    expect(
      (await as(other, 'POST', '/api/chain/create-issue', { issueId: created.issueId })).statusCode,
    ).toBe(404);
  });

  it('add-stake adds coins and fee to the bounty, in order on the chain, once each', async () => {
    const created = await createBounty('Chain added to', 20);
    const before = await getBalance(app.ctx.db, walletOf(mia.user.id));
    const add = (stakeAmount: number) =>
      as(mia, 'POST', '/api/chain/add-stake', { issueId: created.issueId, stakeAmount });
    const first = await add(10);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      blockchainIssueId: String(created.issueId),
      bountyAmount: 30,
      fee: 1,
      balance: before - 11,
      ledgerNetwork: { status: 'recorded', id: String(created.issueId) },
    });
    // Two more while the chain is down; the job sends them in order once it is back.
    relay.relay.up = false;
    expect((await add(5)).json().data.ledgerNetwork.status).toBe('pending');
    expect((await add(7)).json().data.bountyAmount).toBe(42);
    relay.relay.up = true;
    await runJobLater();
    await runJobLater();
    expect((await operationsOf(created.issueId)).map((o) => [o.kind, o.status])).toEqual(
      expect.arrayContaining([
        ['record_issue', 'recorded'],
        ['add_bounty', 'recorded'],
        ['add_bounty', 'recorded'],
        ['add_bounty', 'recorded'],
      ]),
    );
    expect((await direct.getIssue(BigInt(created.issueId)))?.amount).toBe(parseEther('42'));
    expect(await getBalance(app.ctx.db, bountyEscrowOf(created.issueId))).toBe(42);
    // The issue's page advertises the bounty with its additions.
    const details = await as(
      octo,
      'POST',
      `/api/contributor/issue-details/${String(created.issueId)}`,
      {},
    );
    expect(details.json().data.issue.bounty).toBe(42);
    const chainIssue = await as(mia, 'GET', `/api/chain/issue/${String(created.issueId)}`);
    expect(chainIssue.json().data).toMatchObject({
      id: String(created.issueId),
      status: 'open',
      amount: parseEther('42').toString(),
      amountDisplay: '42',
      symbol: 'HBAR',
      funder: direct.operatorAddress,
    });
    // Not the maintainer's own, or more than a bounty may hold: refused, nothing moved.
    expect(
      (await as(octo, 'POST', '/api/chain/add-stake', { issueId: created.issueId, stakeAmount: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await add(1_000_000)).statusCode).toBe(409);
    expect(await getBalance(app.ctx.db, bountyEscrowOf(created.issueId))).toBe(42);
  });

  it('an addition sent by two senders at once (a lapsed claim) is added once', async () => {
    const created = await createBounty('Chain added twice', 20);
    relay.relay.up = false;
    const added = await as(mia, 'POST', '/api/chain/add-stake', {
      issueId: created.issueId,
      stakeAmount: 10,
    });
    expect(added.json().data.ledgerNetwork.status).toBe('pending');
    relay.relay.up = true;
    const [addition] = (await operationsOf(created.issueId)).filter((o) => o.kind === 'add_bounty');
    // The other sender: between this sender's read of the total and its send, it sends the
    // same addition (its claim had lapsed while its write waited its turn).
    const racing: Chain = {
      ...direct,
      addBounty: async (input, onSent) => {
        await direct.addBounty(input);
        return direct.addBounty(input, onSent);
      },
    };
    const op = await sendChainOperation(
      addition!.id,
      { ...app.ctx, chain: racing },
      { evenIfBackingOff: true },
    );
    expect(op).toMatchObject({ status: 'recorded', lastError: null });
    // 20 + 10 on the chain, as in OpenStake: not 20 + 10 + 10.
    expect((await direct.getIssue(BigInt(created.issueId)))?.amount).toBe(parseEther('30'));
    expect(await getBalance(app.ctx.db, bountyEscrowOf(created.issueId))).toBe(30);
  });

  it('assign-issue names the wallet on the chain; the reads answer from the chain', async () => {
    const created = await createBounty('Chain assigned', 5);
    const assignee = app.demoChain!.accounts[7]!.address;
    const res = await as(mia, 'POST', '/api/chain/assign-issue', {
      issueId: created.issueId,
      assigneeAddress: assignee,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      blockchainIssueId: String(created.issueId),
      assignee,
      txHash: expect.stringMatching(/^0x/),
    });
    // The contract's refusal is the answer: the operator (the funder here) cannot be the assignee.
    const refused = await as(mia, 'POST', '/api/chain/assign-issue', {
      issueId: created.issueId,
      assigneeAddress: direct.operatorAddress,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('the escrow contract refused: AssigneeIsFunder');

    const issue = await as(octo, 'GET', `/api/chain/issue/${String(created.issueId)}`);
    expect(issue.json().data).toMatchObject({ status: 'assigned', assignee });
    const userIssues = await as(octo, 'GET', `/api/chain/user-issues/${assignee}?limit=5`);
    expect(userIssues.json().data).toEqual({
      address: assignee,
      issueIds: [String(created.issueId)],
      total: 1,
      offset: 0,
      limit: 5,
    });
    const info = await as(octo, 'GET', '/api/chain/contract/info');
    expect(info.json().data).toMatchObject({
      chainId: 31337,
      escrowAddress: app.demoChain!.settings.escrowAddress,
      version: String(BOUNTY_ESCROW_VERSION),
      operator: direct.operatorAddress,
      symbol: 'HBAR',
    });
    const health = await as(octo, 'GET', '/api/chain/health');
    expect(health.json().data).toMatchObject({
      configured: true,
      ok: true,
      chainId: 31337,
      escrowDeployed: true,
      error: null,
    });
    relay.relay.up = false;
    expect((await as(octo, 'GET', '/api/chain/health')).json().data).toMatchObject({
      ok: false,
      error: expect.stringMatching(/./),
    });
    expect((await as(octo, 'GET', '/api/chain/contract/info')).statusCode).toBe(503);
    relay.relay.up = true;
  });
});

describe('a refused addition', () => {
  it('an addition the chain refuses fails the later ones with it, so the refund is not held back', async () => {
    // The maintainer's coins went on the bounties above: a grant, as the monthly one pays.
    await inTransaction(app.ctx.db, (tx) =>
      transfer(tx, {
        from: mintShard(),
        to: walletOf(mia.user.id),
        amount: 20,
        kind: 'monthly_grant',
        reference: 'chain-test',
        idempotencyKey: 'chain-test:top-up',
      }),
    );
    const created = await createBounty('Chain addition refused', 3);
    relay.relay.up = false;
    const add = (stakeAmount: number) =>
      as(mia, 'POST', '/api/chain/add-stake', { issueId: created.issueId, stakeAmount });
    expect((await add(1)).json().data.ledgerNetwork.status).toBe('pending');
    expect((await add(1)).json().data.ledgerNetwork.status).toBe('pending');
    relay.relay.up = true;
    const additions = async () =>
      (await operationsOf(created.issueId))
        .filter((o) => o.kind === 'add_bounty')
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const [first] = await additions();
    const refusing: Chain = {
      ...direct,
      addBounty: () =>
        Promise.reject(new ChainError('reverted', 'the escrow contract refused: X', 'X')),
    };
    await sendChainOperation(
      first!.id,
      { ...app.ctx, chain: refusing },
      { evenIfBackingOff: true },
    );
    expect((await additions()).map((o) => [o.status, o.lastError])).toEqual([
      ['failed', 'the escrow contract refused: X'],
      ['failed', 'an earlier addition to this bounty was refused: the escrow contract refused: X'],
    ]);

    // The issue closes unwon: the refund goes, with what the chain holds.
    await closeUnwon(created);
    expect((await operationsOf(created.issueId)).find((o) => o.kind === 'refund')).toMatchObject({
      status: 'recorded',
    });
    expect((await direct.getIssue(BigInt(created.issueId)))?.status).toBe('refunded');
  });
});
