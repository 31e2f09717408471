/**
 * The polls ask GitHub in batches: one GraphQL request for up to GITHUB_BATCH_SIZE pull requests
 * (or bounty issues) of one user, instead of one REST call each, and settle exactly as before.
 */
import { DEFAULT_DEDUCTION_PERCENT } from '@openstake/core';
import { and, eq } from 'drizzle-orm';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { stakes } from '../src/db/schema';
import { inTransaction } from '../src/db/transaction';
import { GITHUB_BATCH_SIZE } from '../src/integrations/github/port';
import { pollBountyIssues } from '../src/modules/stakes/poll-bounty-issues';
import { MINT, getBalance, walletOf } from '../src/modules/ledger/accounts';
import { transfer } from '../src/modules/ledger/transfer';
import { pollPullRequests } from '../src/modules/stakes/poll-pull-requests';
import { openStake } from '../src/modules/stakes/open-stake';
import { trackedIssue } from '../src/modules/issues/issue-store';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let sim: GithubSim;
let base: string;
let octo: Account;
let nia: Account;
let mia: Account;

// A repository nobody connected: no webhook, so the poll is the only signal (for bounty issues).
const DOCS = { owner: 'openstake-labs', repo: 'docs' };

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, octo, 'octo-dev');
  await linkGithub(base, nia, 'newbie-nia');
  await linkGithub(base, mia, 'mia-maintainer');
  await connectRepository(app, base, mia, REPO);
  // Enough coins for more than a batch of stakes.
  await inTransaction(app.ctx.db, (tx) =>
    transfer(tx, {
      from: MINT,
      to: walletOf(octo.user.id),
      amount: 500,
      kind: 'monthly_grant',
      reference: octo.user.id,
      idempotencyKey: `test-grant:${octo.user.id}`,
    }),
  );
});
afterAll(() => app.close());

const as = (who: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.server.inject({ method, url, headers: { cookie: who.cookie }, payload });

/**
 * A stake by `who` on a tracked issue with their pull request, recorded as createStake records it,
 * coins and all. These tests need more pending stakes of one contributor than any rank may open
 * today (decision 015 holds a Legend to 25), as contributors who staked before those limits may
 * hold: so they are recorded directly, not through the route.
 */
async function placeStake(who: Account, issueId: number, prUrl: string): Promise<string> {
  const issue = await trackedIssue(app.ctx.db, issueId);
  if (!issue) throw new Error(`issue ${String(issueId)} is not tracked`);
  const row = await inTransaction(app.ctx.db, (tx) =>
    openStake(tx, {
      userId: who.user.id,
      issue,
      prNumber: Number(prUrl.split('/').pop()),
      prUrl,
      deductionPercent: DEFAULT_DEDUCTION_PERCENT,
    }),
  );
  return row.id;
}

/** A stake by `who` (as `login` on GitHub) on a fresh issue of the connected repository. */
async function stakeOnNewIssue(who: Account, login: string): Promise<string> {
  const world = stakeWorld(app, sim);
  const issue = await world.createIssue({ title: `Polled issue of ${login}` });
  const pr = await world.openPullRequest(login, issue.number);
  return placeStake(who, issue.githubId, pr.url);
}

/** A bounty issue on the repository without a webhook, and octo-dev's stake on it. */
async function stakeOnDocsBounty(title: string) {
  const res = await as(mia, 'POST', '/api/maintainer/bounty-issues', {
    ...DOCS,
    title,
    body: 'Needs doing.',
    labels: [],
    assignees: [],
    milestone: null,
    stakeAmount: 5,
    bountyAmount: 10,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const bounty = res.json<{ data: { issueId: number; number: number } }>().data;
  const pr = await stakeWorld(app, sim, DOCS).openPullRequest('octo-dev', bounty.number);
  const stakeId = await placeStake(octo, bounty.issueId, pr.url);
  return { ...bounty, pr, stakeId };
}

const stakeRow = async (id: string) =>
  (await app.ctx.db.select().from(stakes).where(eq(stakes.id, id)))[0]!;
const pendingOf = async (account: Account) =>
  (
    await app.ctx.db
      .select({ id: stakes.id })
      .from(stakes)
      .where(and(eq(stakes.userId, account.user.id), eq(stakes.status, 'pending')))
  ).length;
const warnings = (since: number) => app.logs.slice(since).filter((l) => l.level >= 40);

describe('polling pending stakes', () => {
  it(`asks GitHub once per ${GITHUB_BATCH_SIZE} pull requests of a contributor, not once per stake`, async () => {
    for (let i = 0; i < GITHUB_BATCH_SIZE + 1; i++) await stakeOnNewIssue(octo, 'octo-dev');
    for (let i = 0; i < 2; i++) await stakeOnNewIssue(nia, 'newbie-nia');
    const octoPending = await pendingOf(octo);
    const niaPending = await pendingOf(nia);
    expect(octoPending).toBeGreaterThan(GITHUB_BATCH_SIZE);

    const since = sim.requests().length;
    const logged = app.logs.length;
    expect(await pollPullRequests(app.ctx)).toBe(0); // every pull request is still open
    const asked = sim.requests().slice(since);
    // Each contributor's own token asks about their pull requests; nothing else is read.
    expect(asked.every((r) => r.method === 'POST' && r.path === '/api/graphql')).toBe(true);
    expect(asked.filter((r) => r.login === 'octo-dev')).toHaveLength(
      Math.ceil(octoPending / GITHUB_BATCH_SIZE),
    );
    expect(asked.filter((r) => r.login === 'newbie-nia')).toHaveLength(
      Math.ceil(niaPending / GITHUB_BATCH_SIZE),
    );
    expect(asked.length).toBeLessThan(octoPending + niaPending);
    expect(warnings(logged)).toEqual([]);
  });

  it('settles pull requests merged or closed on GitHub as before, and leaves one GitHub no longer finds', async () => {
    const merged = await stakeOnDocsBounty('Merged without a webhook');
    const reviewed = await stakeOnDocsBounty('Closed after a review');
    const abandoned = await stakeOnDocsBounty('Closed by its author');
    const vanished = await stakeOnDocsBounty('Its pull request vanished');
    await sim.mergePullRequest({ ...DOCS, number: merged.pr.number, by: 'mia-maintainer' });
    await sim.reviewPullRequest({
      ...DOCS,
      number: reviewed.pr.number,
      reviewer: 'mia-maintainer',
      state: 'CHANGES_REQUESTED',
      body: 'Not like this.',
    });
    await sim.closePullRequest({ ...DOCS, number: reviewed.pr.number, by: 'mia-maintainer' });
    await sim.closePullRequest({ ...DOCS, number: abandoned.pr.number, by: 'octo-dev' });
    // What a deleted pull request, or one the contributor may no longer see, looks like.
    await app.ctx.db
      .update(stakes)
      .set({ prNumber: 99_999 })
      .where(eq(stakes.id, vanished.stakeId));
    const wallet = await getBalance(app.ctx.db, walletOf(octo.user.id));

    const logged = app.logs.length;
    expect(await pollPullRequests(app.ctx)).toBe(3);
    expect(await stakeRow(merged.stakeId)).toMatchObject({
      status: 'accepted',
      settledBy: 'poll',
      bountyEarned: 10,
    });
    expect(await stakeRow(reviewed.stakeId)).toMatchObject({
      status: 'rejected',
      settledBy: 'poll',
    });
    expect(await stakeRow(abandoned.stakeId)).toMatchObject({
      status: 'expired',
      settledBy: 'poll',
    });
    expect(await stakeRow(vanished.stakeId)).toMatchObject({ status: 'pending' });
    expect(await getBalance(app.ctx.db, walletOf(octo.user.id))).toBeGreaterThan(wallet);
    expect(warnings(logged)).toEqual([]);

    // The next poll finds nothing more to settle.
    expect(await pollPullRequests(app.ctx)).toBe(0);
  });

  it('warns about the stakes of a batch GitHub refuses, and settles them on a later poll', async () => {
    const stake = await stakeOnDocsBounty('Merged while GitHub was down');
    const pr = (await stakeRow(stake.stakeId)).prNumber;
    await sim.mergePullRequest({ ...DOCS, number: pr, by: 'mia-maintainer' });
    const logged = app.logs.length;
    // Every batch's GraphQL request fails, and so do Octokit's two retries of it.
    const batches =
      Math.ceil((await pendingOf(octo)) / GITHUB_BATCH_SIZE) +
      Math.ceil((await pendingOf(nia)) / GITHUB_BATCH_SIZE);
    sim.failNext({ pathPattern: '/api/graphql', status: 502, times: 3 * batches });
    expect(await pollPullRequests(app.ctx)).toBe(0);
    expect(await stakeRow(stake.stakeId)).toMatchObject({ status: 'pending' });
    expect(
      warnings(logged).some(
        (l) => l.msg === 'could not poll a pull request; will retry' && l.stakeId === stake.stakeId,
      ),
    ).toBe(true);

    expect(await pollPullRequests(app.ctx)).toBe(1);
    expect(await stakeRow(stake.stakeId)).toMatchObject({ status: 'accepted', settledBy: 'poll' });
  });
});

describe('polling bounty issues', () => {
  it("asks about a maintainer's open bounty issues in one request and refunds the closed one", async () => {
    const res = await as(mia, 'POST', '/api/maintainer/bounty-issues', {
      ...DOCS,
      title: 'Cancelled on GitHub',
      body: 'Never mind.',
      labels: [],
      assignees: [],
      milestone: null,
      stakeAmount: 5,
      bountyAmount: 12,
    });
    const cancelled = res.json<{ data: { number: number } }>().data;
    const miaOnGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    await miaOnGithub.rest.issues.update({
      ...DOCS,
      issue_number: cancelled.number,
      state: 'closed',
      state_reason: 'not_planned',
    });
    const before = await getBalance(app.ctx.db, walletOf(mia.user.id));
    const since = sim.requests().length;
    expect(await pollBountyIssues(app.ctx)).toBe(1);
    expect(await getBalance(app.ctx.db, walletOf(mia.user.id))).toBe(before + 12);
    expect(sim.requests().slice(since)).toEqual([
      { method: 'POST', path: '/api/graphql', status: 200, login: 'mia-maintainer' },
    ]);
  });
});
