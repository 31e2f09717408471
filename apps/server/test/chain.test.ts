import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GithubSim } from '@openstake/github-sim';
import { Octokit } from '@octokit/rest';
import { BOUNTY_ESCROW_VERSION, bountyEscrowAbi } from '@openstake/contracts';
import type { ChainBounty, MergeFeedback } from '@openstake/core';
import { and, eq } from 'drizzle-orm';
import { createPublicClient, defineChain, http, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOperations, stakes, wallets } from '../src/db/schema';
import { type Chain } from '../src/integrations/chain/chain';
import { createViemChain } from '../src/integrations/chain/viem-chain';
import { HOLD_SECONDS } from '../src/modules/chain/chain-operations';
import {
  sendChainOperation,
  sendChainOperations,
} from '../src/modules/chain/send-chain-operations';
import { checkAwaitingFundings } from '../src/modules/chain/confirm-chain-funding';
import { bountyEscrowOf, getBalance, walletOf } from '../src/modules/ledger/accounts';
import { hederaLongZeroAddress, payoutAddressOf } from '../src/modules/wallets/payout-address';
import { dispatchGithubEvents } from '../src/modules/github-events/dispatch-github-events';
import { settleStake } from '../src/modules/stakes/settle-stake';
import { newestPendingStakeOn } from '../src/modules/stakes/stake-store';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { linkWallet } from './helpers/link-wallet';
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
/** Mia's own wallet, linked to her account by signing: the one that pays her chain bounties in. */
let miaKey: Hex;

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
  miaKey = app.demoChain!.accounts[2]!.privateKey;
  await linkWallet(app, mia, miaKey);
});
afterAll(async () => {
  await app.close();
  await relay.close();
});

const as = (who: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.server.inject({ method, url, headers: { cookie: who.cookie }, payload });

describe('the public configuration', () => {
  it('names the escrow contract and the chain bounties’ currency, for the wallet pages and the form', async () => {
    const res = await app.server.inject({ url: '/api/config' });
    expect(res.json().data).toMatchObject({
      escrowAddress: app.demoChain!.settings.escrowAddress,
      chain: { chainId: 31337, symbol: 'HBAR', decimals: 8, demoWallets: true },
    });
  });
});

describe("a wallet's challenge", () => {
  it("names the ledger network's chain (the devnet's 31337)", async () => {
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

interface Created {
  issueId: number;
  number: number;
  chainBounty: ChainBounty | null;
}

const createBounty = async (
  title: string,
  options: { bountyAmount?: number; chainBounty?: string | null } = {},
): Promise<Created> => {
  const res = await as(mia, 'POST', '/api/maintainer/bounty-issues', {
    ...REPO,
    title,
    body: 'On the chain too.',
    labels: [],
    assignees: [],
    milestone: null,
    stakeAmount: 10,
    bountyAmount: options.bountyAmount ?? 20,
    chainBounty: options.chainBounty === undefined ? '2.5' : options.chainBounty,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Created }>().data;
};

/** The maintainer's wallet pays the chain bounty in, as her browser asks it to. */
const fund = (created: Created, key: Hex = miaKey, amount?: bigint): Promise<Hex> =>
  direct.funderWallet(key).fund({
    issueId: BigInt(created.issueId),
    amount: amount ?? BigInt(created.chainBounty!.amount),
    deadline: BigInt(created.chainBounty!.deadline),
  });

const confirm = async (created: Created, txHash: Hex | null = null) => {
  const res = await as(mia, 'POST', '/api/chain/confirm-funding', {
    issueId: created.issueId,
    txHash,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ChainBounty }>().data;
};

const fundAndConfirm = async (created: Created) => confirm(created, await fund(created));

const operationsOf = (issueId: number) =>
  app.ctx.db.select().from(chainOperations).where(eq(chainOperations.issueGithubId, issueId));
const operation = async (issueId: number, kind: string) =>
  (await operationsOf(issueId)).find((o) => o.kind === kind);
/** The job's next run, once every backoff has passed. */
const runJobLater = async () => {
  offsetMs += 2 * 60 * 60_000;
  await checkAwaitingFundings(app.ctx);
  return sendChainOperations(app.ctx, newestPendingStakeOn);
};
/** The maintainer closes the bounty's issue on GitHub, unwon; settlement and the job's next run follow. */
const closeUnwon = async (created: { number: number }) => {
  const onGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  await onGithub.rest.issues.update({ ...REPO, issue_number: created.number, state: 'closed' });
  await sim.idle();
  await dispatchGithubEvents(app.ctx);
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
const escrowEvents = async (issueId: number, eventName: 'BountyRefunded' | 'BountyReleased') =>
  publicClient().getContractEvents({
    address: app.demoChain!.settings.escrowAddress,
    abi: bountyEscrowAbi,
    eventName,
    args: { id: BigInt(issueId) },
    fromBlock: 0n,
  });
const operatorNonce = () => publicClient().getTransactionCount({ address: direct.operatorAddress });
const feedback: MergeFeedback = {
  ratings: { codeQuality: 4, documentation: 4, testing: 4, performance: 4, security: 4 },
  tags: ['bugFix'],
  complexity: [],
  bonuses: [],
};
/** A contributor stakes on the issue with a pull request that fixes it. */
const stakeOn = async (created: Created, who: Account = octo, login = 'octo-dev') => {
  const pr = await stakeWorld(app, sim).openPullRequest(login, created.number);
  const staked = await as(who, 'POST', '/api/contributor/stakes', {
    issueId: created.issueId,
    prUrl: pr.url,
    amount: 10,
  });
  expect(staked.statusCode, staked.body).toBe(201);
  return pr;
};
const merge = async (pr: { number: number }) => {
  const merged = await as(
    mia,
    'POST',
    `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${String(pr.number)}/merge`,
    feedback,
  );
  expect(merged.statusCode, merged.body).toBe(200);
  await sim.idle();
  await app.ctx.background.idle();
};

describe('a chain bounty', () => {
  it('is asked for with the issue, apart from the coins, and awaits its maintainer’s wallet: the operator sends nothing', async () => {
    const nonce = await operatorNonce();
    const before = await getBalance(app.ctx.db, walletOf(mia.user.id));
    const created = await createBounty('Chain awaiting', { chainBounty: '2.5' });
    const deadline = Math.floor(Date.now() / 1000) + 90 * 86_400;
    expect(created.chainBounty).toEqual({
      status: 'awaiting_funding',
      chainIssueId: String(created.issueId),
      amount: parseEther('2.5').toString(),
      amountDisplay: '2.5',
      symbol: 'HBAR',
      deadline: expect.stringMatching(/^\d+$/),
      escrowAddress: app.demoChain!.settings.escrowAddress,
      chainId: 31337,
      funder: null,
      fundingTx: null,
      endTx: null,
      note: null,
    });
    expect(Number(created.chainBounty!.deadline)).toBeGreaterThanOrEqual(deadline - 60);
    expect(Number(created.chainBounty!.deadline)).toBeLessThanOrEqual(deadline + 60);
    // The coins are the coin bounty's alone: 20 + 1 fee, whatever the chain bounty.
    expect(await getBalance(app.ctx.db, walletOf(mia.user.id))).toBe(before - 21);
    expect(await getBalance(app.ctx.db, bountyEscrowOf(created.issueId))).toBe(20);
    expect(await direct.getIssue(BigInt(created.issueId))).toBeNull();
    expect(await operatorNonce()).toBe(nonce);
    expect(await operationsOf(created.issueId)).toEqual([]);
    expect((await listed(created.issueId)).chainBounty).toEqual(created.chainBounty);
    // Not funded yet: asking changes nothing.
    expect(await confirm(created)).toMatchObject({ status: 'awaiting_funding', note: null });
  });

  it('is refused in amounts the currency cannot hold, before anything is made', async () => {
    const res = await as(mia, 'POST', '/api/maintainer/bounty-issues', {
      ...REPO,
      title: 'Chain too precise',
      stakeAmount: 10,
      bountyAmount: 20,
      chainBounty: '0.000000001',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'chainBounty',
      message: 'The chain bounty has at most 8 decimals in HBAR',
    });
    const none = await createBounty('Chain none', { chainBounty: null });
    expect(none.chainBounty).toBeNull();
    expect((await listed(none.issueId)).chainBounty).toBeNull();
  });

  it('is funded only once the chain shows the maintainer’s linked wallet paid it in, and says by which transaction', async () => {
    const created = await createBounty('Chain funded');
    const nonce = await operatorNonce();
    const sent = await fund(created);
    const funded = await confirm(created, sent);
    expect(funded).toMatchObject({
      status: 'funded',
      funder: privateKeyToAccount(miaKey).address.toLowerCase(),
      fundingTx: {
        hash: sent,
        explorerUrl: `https://hashscan.io/testnet/transaction/${sent}`,
      },
      note: null,
    });
    expect((await listed(created.issueId)).chainBounty).toEqual(funded);
    expect(await direct.getIssue(BigInt(created.issueId))).toMatchObject({
      status: 'open',
      funder: privateKeyToAccount(miaKey).address,
      amount: parseEther('2.5'),
    });
    // Confirmed again: the same, nothing sent by the operator.
    expect(await confirm(created, sent)).toEqual(funded);
    await runJobLater();
    expect(await operatorNonce()).toBe(nonce);
  });

  it('paid in by a wallet not linked to the maintainer is not counted as theirs', async () => {
    const created = await createBounty('Chain paid by a stranger');
    const stranger = app.demoChain!.accounts[3]!;
    const sent = await fund(created, stranger.privateKey);
    expect(await confirm(created, sent)).toMatchObject({
      status: 'awaiting_funding',
      funder: null,
      note: `The chain's record of this issue was paid in by ${stranger.address.toLowerCase()}, which is not a wallet linked to your account.`,
    });
  });

  it('paid in with another amount is refused for good and refunded to the wallet that paid it', async () => {
    const created = await createBounty('Chain wrong amount', { chainBounty: '3' });
    const wallet = privateKeyToAccount(miaKey).address;
    const sent = await fund(created, miaKey, parseEther('1'));
    const refused = await confirm(created, sent);
    expect(refused).toMatchObject({
      status: 'funding_refused',
      note: 'Your wallet paid in 1 HBAR, not the 3 HBAR of this chain bounty.',
    });
    const before = await publicClient().getBalance({ address: wallet });
    await runJobLater();
    expect(await operation(created.issueId, 'refund')).toMatchObject({ status: 'recorded' });
    expect(await publicClient().getBalance({ address: wallet })).toBe(before + parseEther('1'));
    expect((await listed(created.issueId)).chainBounty).toMatchObject({
      status: 'funding_refused',
      endTx: { hash: expect.stringMatching(/^0x/) },
      note: 'Your wallet paid in 1 HBAR, not the 3 HBAR of this chain bounty. It was refunded to the wallet that paid it.',
    });
  });

  it('funded by a wallet whose browser never said so is found by the job', async () => {
    const created = await createBounty('Chain found by the job');
    const sent = await fund(created);
    await runJobLater();
    expect((await listed(created.issueId)).chainBounty).toMatchObject({
      status: 'funded',
      fundingTx: { hash: sent },
    });
  });

  it('cannot be confirmed while the chain is down; it is retried, and the bounty issue stands', async () => {
    const created = await createBounty('Chain down');
    await fund(created);
    relay.relay.up = false;
    const res = await as(mia, 'POST', '/api/chain/confirm-funding', { issueId: created.issueId });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^The ledger network is unavailable/);
    await runJobLater();
    expect((await listed(created.issueId)).chainBounty.status).toBe('awaiting_funding');
    relay.relay.up = true;
    await runJobLater();
    expect((await listed(created.issueId)).chainBounty.status).toBe('funded');
    // Another maintainer's chain bounty, or an issue without one, is not theirs to confirm.
    const other = await createUser(app, 'maintainer');
    expect(
      (await as(other, 'POST', '/api/chain/confirm-funding', { issueId: created.issueId }))
        .statusCode,
    ).toBe(404);
    const none = await createBounty('Chain none to confirm', { chainBounty: null });
    expect(
      (await as(mia, 'POST', '/api/chain/confirm-funding', { issueId: none.issueId })).statusCode,
    ).toBe(404);
  });
});

describe("a funded chain bounty's hold", () => {
  const pendingStakeOn = async (created: Created) => {
    const [stake] = await app.ctx.db
      .select()
      .from(stakes)
      .where(and(eq(stakes.issueGithubId, created.issueId), eq(stakes.status, 'pending')));
    return stake!;
  };
  const heldFor = (stake: { createdAt: Date }) =>
    BigInt(Math.floor(stake.createdAt.getTime() / 1000)) + HOLD_SECONDS;
  const withdraw = (stake: { id: string }) =>
    settleStake({ stakeId: stake.id, outcome: { kind: 'withdrawn' }, settledBy: 'test' }, app.ctx);

  it('is set on the chain while a stake is pending, and cleared when the last one settles', async () => {
    const created = await createBounty('Chain held');
    await fundAndConfirm(created);
    await runJobLater();
    expect((await direct.getIssue(BigInt(created.issueId)))?.heldUntil).toBe(0n);

    await stakeOn(created);
    await runJobLater();
    const stake = await pendingStakeOn(created);
    expect((await direct.getIssue(BigInt(created.issueId)))?.heldUntil).toBe(heldFor(stake));
    expect(
      (await as(octo, 'GET', `/api/chain/issue/${String(created.issueId)}`)).json().data,
    ).toMatchObject({ heldUntil: new Date(Number(heldFor(stake)) * 1000).toISOString() });

    await withdraw(stake);
    await runJobLater();
    expect(await operation(created.issueId, 'hold')).toMatchObject({ status: 'recorded' });
    expect((await direct.getIssue(BigInt(created.issueId)))?.heldUntil).toBe(0n);
  });

  it('changed while its send is under way is sent again, never lost', async () => {
    const created = await createBounty('Chain held while settling');
    await fundAndConfirm(created);
    await stakeOn(created);
    const stake = await pendingStakeOn(created);
    // The stake settles after the sender worked out the hold and before its transaction.
    const racing: Chain = {
      ...direct,
      setHold: async (input, onSent) => {
        await withdraw(stake);
        return direct.setHold(input, onSent);
      },
    };
    const hold = await operation(created.issueId, 'hold');
    const sent = await sendChainOperation(
      hold!.id,
      { ...app.ctx, chain: racing },
      newestPendingStakeOn,
    );
    expect(sent).toMatchObject({ status: 'pending', revision: hold!.revision + 1 });
    expect((await direct.getIssue(BigInt(created.issueId)))?.heldUntil).toBe(heldFor(stake));
    await runJobLater();
    expect(await operation(created.issueId, 'hold')).toMatchObject({ status: 'recorded' });
    expect((await direct.getIssue(BigInt(created.issueId)))?.heldUntil).toBe(0n);
  });
});

describe("a chain bounty's end", () => {
  it("is released to the winner's linked wallet when the merge pays the bounty", async () => {
    const created = await createBounty('Chain payout', { bountyAmount: 40, chainBounty: '4' });
    await fundAndConfirm(created);
    const pr = await stakeOn(created);
    await merge(pr);

    // No linked wallet yet: the payout waits, pending, saying why.
    await runJobLater();
    expect(await operation(created.issueId, 'release')).toMatchObject({
      status: 'pending',
      lastError: 'waiting for the contributor to link a wallet',
    });
    expect((await listed(created.issueId)).chainBounty).toMatchObject({
      status: 'funded',
      note: 'Release pending: waiting for the contributor to link a wallet',
    });

    const { address: payee, privateKey } = app.demoChain!.accounts[6]!;
    await linkWallet(app, octo, privateKey);
    const before = await publicClient().getBalance({ address: payee });
    // The maintainer's assign-issue call races the payout: naming another address, it is mined
    // just before the release transaction. The release still pays the winner: it names its payee
    // rather than paying whoever is assigned by then.
    const otherAddress = app.demoChain!.accounts[8]!.address;
    const otherBefore = await publicClient().getBalance({ address: otherAddress });
    const raced: Chain = {
      ...direct,
      release: async (input, onSent) => {
        await direct.assign({ issueId: input.issueId, assignee: otherAddress });
        return direct.release(input, onSent);
      },
    };
    offsetMs += 2 * 60 * 60_000;
    const sent = await sendChainOperation(
      (await operation(created.issueId, 'release'))!.id,
      { ...app.ctx, chain: raced },
      newestPendingStakeOn,
    );
    expect(sent).toMatchObject({ status: 'recorded' });
    expect(await publicClient().getBalance({ address: payee })).toBe(before + parseEther('4'));
    expect(await publicClient().getBalance({ address: otherAddress })).toBe(otherBefore);
    expect(await direct.getIssue(BigInt(created.issueId))).toMatchObject({
      status: 'released',
      assignee: payee,
    });
    expect((await listed(created.issueId)).chainBounty).toMatchObject({
      status: 'released',
      endTx: { hash: sent!.txHash },
    });
    // Once: the job leaves it, and the chain refuses a second release.
    await runJobLater();
    expect(await publicClient().getBalance({ address: payee })).toBe(before + parseEther('4'));
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

    const created = await createBounty('Chain Hedera payout', { chainBounty: '1' });
    await fundAndConfirm(created);
    const pr = await stakeOn(created, hederaOnly, 'newbie-nia');
    await merge(pr);
    await runJobLater();

    // The devnet (31337) is not Hedera: the payout waits for a wallet this chain can pay.
    expect(await operation(created.issueId, 'release')).toMatchObject({
      status: 'pending',
      lastError: 'waiting for the contributor to link a wallet',
    });
    expect(await publicClient().getBalance({ address: longZero })).toBe(0n);
    expect((await direct.getIssue(BigInt(created.issueId)))?.status).toBe('open');
  });

  it('is refunded to the wallet that paid it when the issue closes unwon', async () => {
    const created = await createBounty('Chain refund', { chainBounty: '3' });
    await fundAndConfirm(created);
    const wallet = privateKeyToAccount(miaKey).address;
    const before = await publicClient().getBalance({ address: wallet });
    const held = (await direct.contractInfo()).totalHeld;
    await closeUnwon(created);
    expect(await operation(created.issueId, 'refund')).toMatchObject({ status: 'recorded' });
    expect((await direct.getIssue(BigInt(created.issueId)))?.status).toBe('refunded');
    expect((await direct.contractInfo()).totalHeld).toBe(held - parseEther('3'));
    expect(await publicClient().getBalance({ address: wallet })).toBe(before + parseEther('3'));
    expect((await listed(created.issueId)).chainBounty).toMatchObject({ status: 'refunded' });
  });

  it('pays nothing on the chain when it was never funded, and a late funding is refunded', async () => {
    const created = await createBounty('Chain never funded', { chainBounty: '2' });
    const nonce = await operatorNonce();
    await closeUnwon(created);
    expect(await operationsOf(created.issueId)).toEqual([]);
    expect(await operatorNonce()).toBe(nonce);
    expect((await listed(created.issueId)).chainBounty).toMatchObject({
      status: 'not_funded',
      note: 'The coin bounty ended before this was funded: nothing is paid on the chain.',
    });
    // The wallet pays it in anyway: it goes straight back.
    const wallet = privateKeyToAccount(miaKey).address;
    const sent = await fund(created);
    const before = await publicClient().getBalance({ address: wallet });
    await confirm(created, sent);
    await runJobLater();
    expect(await publicClient().getBalance({ address: wallet })).toBe(before + parseEther('2'));
    expect((await listed(created.issueId)).chainBounty).toMatchObject({ status: 'refunded' });
  });
});

describe('the outbox sends each operation once', () => {
  it('records a refund whose send went through but whose outcome was lost, sending nothing', async () => {
    const created = await createBounty('Chain sent then lost');
    await fundAndConfirm(created);
    relay.relay.up = false;
    await closeUnwon(created);
    expect(await operation(created.issueId, 'refund')).toMatchObject({ status: 'pending' });
    // The sender sent the transaction and died before writing it down.
    const sent = await direct.refund({ issueId: BigInt(created.issueId) });
    const nonce = await operatorNonce();
    relay.relay.up = true;
    await runJobLater();
    expect(await operation(created.issueId, 'refund')).toMatchObject({
      status: 'recorded',
      txHash: sent,
    });
    expect(await operatorNonce()).toBe(nonce);
    expect(await escrowEvents(created.issueId, 'BountyRefunded')).toHaveLength(1);
  });

  it('waits for a sent transaction that never reached the chain, then sends it again', async () => {
    const created = await createBounty('Chain lost on the way');
    await fundAndConfirm(created);
    relay.relay.up = false;
    await closeUnwon(created);
    const op = await operation(created.issueId, 'refund');
    const lost = `0x${'ab'.repeat(32)}`;
    const now = app.ctx.clock.now();
    await app.ctx.db
      .update(chainOperations)
      .set({ status: 'sent', txHash: lost, sentAt: now, nextAttemptAt: now })
      .where(eq(chainOperations.id, op!.id));
    relay.relay.up = true;
    await sendChainOperations(app.ctx, newestPendingStakeOn);
    expect(await operation(created.issueId, 'refund')).toMatchObject({
      status: 'sent',
      txHash: lost,
      lastError: 'waiting for the transaction sent earlier to be mined',
    });
    expect(await escrowEvents(created.issueId, 'BountyRefunded')).toHaveLength(0);
    await runJobLater();
    const done = await operation(created.issueId, 'refund');
    expect(done).toMatchObject({ status: 'recorded' });
    expect(done!.txHash).not.toBe(lost);
    expect(
      (await escrowEvents(created.issueId, 'BountyRefunded')).map((e) => e.transactionHash),
    ).toEqual([done!.txHash]);
  });

  it('sends once when the job runs on two servers and a third sender retries it', async () => {
    const created = await createBounty('Chain raced');
    await fundAndConfirm(created);
    relay.relay.up = false;
    await closeUnwon(created);
    const op = await operation(created.issueId, 'refund');
    relay.relay.up = true;
    offsetMs += 2 * 60 * 60_000;
    const nonce = await operatorNonce();
    await Promise.all([
      sendChainOperations(app.ctx, newestPendingStakeOn),
      sendChainOperations(app.ctx, newestPendingStakeOn),
      sendChainOperation(op!.id, app.ctx, newestPendingStakeOn),
    ]);
    expect((await operation(created.issueId, 'refund'))?.status).toBe('recorded');
    expect(await operatorNonce()).toBe(nonce + 1);
    expect(await escrowEvents(created.issueId, 'BountyRefunded')).toHaveLength(1);
  });

  it("fails for good an operation of escrow version 2 (the operator's record with value)", async () => {
    const created = await createBounty('Chain legacy', { chainBounty: null });
    const [legacy] = await app.ctx.db
      .insert(chainOperations)
      .values({
        kind: 'record_issue',
        reference: String(created.issueId),
        issueGithubId: created.issueId,
        payload: { amount: parseEther('20').toString(), deadline: '4000000000' },
      })
      .returning();
    const nonce = await operatorNonce();
    expect(await sendChainOperation(legacy!.id, app.ctx, newestPendingStakeOn)).toMatchObject({
      status: 'failed',
      lastError:
        'made for escrow contract version 2, where the operator paid bounties in; never sent again',
    });
    expect(await operatorNonce()).toBe(nonce);
  });
});

describe('the contract-backend calls', () => {
  it('add-stake adds coins to the coin bounty only: the chain bounty and the chain are unchanged', async () => {
    const created = await createBounty('Chain added to', { bountyAmount: 20, chainBounty: '1' });
    await fundAndConfirm(created);
    const before = await getBalance(app.ctx.db, walletOf(mia.user.id));
    const nonce = await operatorNonce();
    const added = await as(mia, 'POST', '/api/chain/add-stake', {
      issueId: created.issueId,
      stakeAmount: 10,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toEqual({
      blockchainIssueId: String(created.issueId),
      bountyAmount: 30,
      fee: 1,
      balance: before - 11,
    });
    expect(await getBalance(app.ctx.db, bountyEscrowOf(created.issueId))).toBe(30);
    expect((await direct.getIssue(BigInt(created.issueId)))?.amount).toBe(parseEther('1'));
    await runJobLater();
    expect(await operatorNonce()).toBe(nonce);
    expect((await operationsOf(created.issueId)).map((o) => o.kind)).toEqual(['hold']);
    // Not the maintainer's own, or more than a bounty may hold: refused, nothing moved.
    expect(
      (await as(octo, 'POST', '/api/chain/add-stake', { issueId: created.issueId, stakeAmount: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await as(mia, 'POST', '/api/chain/add-stake', {
          issueId: created.issueId,
          stakeAmount: 1_000_000,
        })
      ).statusCode,
    ).toBe(409);
    expect(await getBalance(app.ctx.db, bountyEscrowOf(created.issueId))).toBe(30);
  });

  it('assign-issue names the wallet on the chain; the reads answer from the chain', async () => {
    const created = await createBounty('Chain assigned', { chainBounty: '0.5' });
    const unfunded = await as(mia, 'POST', '/api/chain/assign-issue', {
      issueId: created.issueId,
      assigneeAddress: app.demoChain!.accounts[7]!.address,
    });
    expect(unfunded.statusCode).toBe(409);
    expect(unfunded.json().message).toBe('This bounty issue has no funded chain bounty');
    await fundAndConfirm(created);
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
    // The contract's refusal is the answer: the funder cannot be the assignee.
    const refused = await as(mia, 'POST', '/api/chain/assign-issue', {
      issueId: created.issueId,
      assigneeAddress: privateKeyToAccount(miaKey).address,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('the escrow contract refused: AssigneeIsFunder');

    const issue = await as(octo, 'GET', `/api/chain/issue/${String(created.issueId)}`);
    expect(issue.json().data).toMatchObject({
      status: 'assigned',
      assignee,
      funder: privateKeyToAccount(miaKey).address,
      amount: parseEther('0.5').toString(),
      amountDisplay: '0.5',
      symbol: 'HBAR',
      heldUntil: null,
    });
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

describe("demo mode's wallet", () => {
  it('is made, linked by its own signature and funded by the devnet’s faucet, and pays its maintainer’s chain bounty in', async () => {
    const operatorBefore = await publicClient().getBalance({ address: direct.operatorAddress });
    const forMia = await createBounty('Chain funded by a demo wallet', { chainBounty: '7' });
    // No demo wallet yet.
    expect(
      (await as(mia, 'POST', '/api/demo/wallet/fund', { issueId: forMia.issueId })).statusCode,
    ).toBe(409);

    // Her own wallet is linked: a demo wallet takes its place only if she says so.
    const kept = await as(mia, 'POST', '/api/demo/wallet', { replaceLinkedWallet: false });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(
      `Your account has the wallet ${privateKeyToAccount(miaKey).address.toLowerCase()} linked: a demo wallet would take its place`,
    );
    const made = await as(mia, 'POST', '/api/demo/wallet', { replaceLinkedWallet: true });
    expect(made.statusCode, made.body).toBe(200);
    const wallet = made.json().data;
    expect(wallet).toEqual({
      address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      balance: parseEther('1000').toString(),
      balanceDisplay: '1000',
      symbol: 'HBAR',
    });
    // Linked like any wallet (in place of the one linked before), and shown as the demo wallet;
    // made once.
    expect((await as(mia, 'GET', '/api/wallet')).json().data).toMatchObject({
      demoWalletAddress: wallet.address,
      wallets: [{ walletType: 'metamask', address: wallet.address }],
    });
    const again = await as(mia, 'POST', '/api/demo/wallet', { replaceLinkedWallet: false });
    expect(again.json().data.address).toBe(wallet.address);

    const paid = await as(mia, 'POST', '/api/demo/wallet/fund', { issueId: forMia.issueId });
    expect(paid.statusCode, paid.body).toBe(200);
    const { txHash } = paid.json().data;
    expect(await confirm(forMia, txHash)).toMatchObject({
      status: 'funded',
      funder: wallet.address,
      fundingTx: { hash: txHash },
    });
    expect((await direct.getIssue(BigInt(forMia.issueId)))?.amount).toBe(parseEther('7'));
    // Another maintainer's chain bounty is not hers to pay, and one is paid in once.
    const other = await createUser(app, 'maintainer');
    expect(
      (await as(other, 'POST', '/api/demo/wallet/fund', { issueId: forMia.issueId })).statusCode,
    ).toBe(404);
    expect(
      (await as(mia, 'POST', '/api/demo/wallet/fund', { issueId: forMia.issueId })).statusCode,
    ).toBe(409);
    // The faucet paid the wallet and the wallet paid the bounty: the operator paid for neither.
    expect(await publicClient().getBalance({ address: direct.operatorAddress })).toBe(
      operatorBefore,
    );
  });
});
