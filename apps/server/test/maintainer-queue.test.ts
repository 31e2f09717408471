import type { GithubSim } from '@openstake/github-sim';
import { Octokit } from '@octokit/rest';
import type { PullRequestQueue } from '@openstake/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakes, transfers, users } from '../src/db/schema';
import { getBalance, walletOf } from '../src/modules/ledger/accounts';
import { QUEUE_KEPT_MS } from '../src/modules/pull-requests/kept-queues';
import { readStanding } from '../src/modules/standing/read-standing';
import { createUser, type Account } from './helpers/factories';
import { connectRepository } from './helpers/connect-repository';
import { listen } from './helpers/github-flow';
import { expectBalancedLedger } from './helpers/ledger';
import { linkGithub } from './helpers/link-github';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/**
 * The maintainer's queue and spam marks (decision 015, part 4), against the simulated GitHub:
 * the queue reads open pull requests and their checks through GraphQL.
 */

let app: TestApp;
let sim: GithubSim;
let base: string;
let world: ReturnType<typeof stakeWorld>;
let mia: Account;
let rita: Account;
let octo: Account;
let pat: Account;
let sam: Account;
let raj: Account;
let miaOnGithub: Octokit;

/** A contributor whose account is settled (no surcharge for a new account). */
async function settledContributor(login: string): Promise<Account> {
  const account = await createUser(app, 'contributor', { githubUsername: login });
  await linkGithub(base, account, login);
  await app.ctx.db
    .update(users)
    .set({ createdAt: sql`now() - interval '400 days'` })
    .where(eq(users.id, account.user.id));
  return account;
}

/** The app's clock runs this far ahead of the real one (a kept queue's minute passing). */
let clockOffsetMs = 0;

beforeAll(async () => {
  app = await buildTestApp({}, { clock: { now: () => new Date(Date.now() + clockOffsetMs) } });
  sim = app.githubSim!;
  base = await listen(app);
  world = stakeWorld(app, sim);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  rita = await createUser(app, 'maintainer', { githubUsername: 'rita-reader' });
  await linkGithub(base, mia, 'mia-maintainer');
  await linkGithub(base, rita, 'rita-reader');
  octo = await settledContributor('octo-dev');
  pat = await settledContributor('prolific-pat');
  sam = await settledContributor('sam-rustacean');
  raj = await settledContributor('ruby-raj');
  miaOnGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  await connectRepository(app, base, mia, REPO);
});
afterAll(() => app.close());

const as = (who: Account, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.server.inject({ method, url, headers: { cookie: who.cookie }, payload });
const pullsUrl = `/api/maintainer/repos/${REPO_FULL_NAME}/pulls`;
const spamUrl = (number: number) => `${pullsUrl}/${String(number)}/spam-mark`;

let bountyCount = 0;
const createBounty = async (stakeAmount = 10) => {
  bountyCount += 1;
  const res = await as(mia, 'POST', '/api/maintainer/bounty-issues', {
    ...REPO,
    title: `Queue bounty ${String(bountyCount)}`,
    body: 'Work to do.',
    labels: [],
    assignees: [],
    milestone: null,
    stakeAmount,
    bountyAmount: 20,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ data: { issueId: number; number: number } }>().data;
};

/** A pull request by `who` on a new bounty issue, staked through the real route. */
async function stakedPullRequest(who: Account, login: string, stakeAmount = 10) {
  const bounty = await createBounty(stakeAmount);
  const pr = await world.openPullRequest(login, bounty.number);
  const res = await as(who, 'POST', '/api/contributor/stakes', {
    issueId: bounty.issueId,
    prUrl: pr.url,
    amount: stakeAmount,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return {
    ...pr,
    issueId: bounty.issueId,
    stakeId: res.json<{ data: { _id: string } }>().data._id,
  };
}

/** A commit status on the pull request's head, as a CI would write it. */
async function setChecks(number: number, state: 'success' | 'failure' | 'pending') {
  const { data } = await miaOnGithub.rest.pulls.get({ ...REPO, pull_number: number });
  await miaOnGithub.rest.repos.createCommitStatus({
    ...REPO,
    sha: data.head.sha,
    state,
    context: 'ci/test',
  });
}

const queue = async (options: { refresh?: boolean } = {}) => {
  const res = await as(mia, 'GET', options.refresh ? `${pullsUrl}?refresh=true` : pullsUrl);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PullRequestQueue }>().data;
};

const transferCount = async () =>
  (await app.ctx.db.select({ count: sql<number>`count(*)::int` }).from(transfers))[0]!.count;

const closeAsMaintainer = (number: number) =>
  as(mia, 'POST', `${pullsUrl}/${String(number)}/close`);

/** What `who` must stake on an issue of factor 1x, as the issue page tells them. */
const priceFactor = async (who: Account, issueId: number) => {
  const res = await as(who, 'POST', `/api/contributor/issue-details/${String(issueId)}`, {});
  return res.json<{ data: { issue: { stakePrice: { factorPercent: number } } } }>().data.issue
    .stakePrice.factorPercent;
};

describe("the maintainer's queue", () => {
  it('puts staked pull requests with green checks first by standing, then other staked, then the rest; folds unstaked ones on bounty issues', async () => {
    const samGreen = await stakedPullRequest(sam, 'sam-rustacean');
    const patGreen = await stakedPullRequest(pat, 'prolific-pat');
    const octoFailing = await stakedPullRequest(octo, 'octo-dev');
    const octoGreen = await stakedPullRequest(octo, 'octo-dev');
    const patGreenLater = await stakedPullRequest(pat, 'prolific-pat');
    const bountyForNia = await createBounty();
    const niaOnBounty = await world.openPullRequest('newbie-nia', bountyForNia.number);
    const niaElsewhere = await sim.openPullRequest({
      ...REPO,
      author: 'newbie-nia',
      title: 'Fix a typo',
      body: 'No issue for this one.',
    });
    for (const pr of [samGreen, patGreen, octoGreen, patGreenLater]) {
      await setChecks(pr.number, 'success');
    }
    await setChecks(octoFailing.number, 'failure');
    // Their standings change after they staked (each stake was placed at 1x): Octo becomes a
    // Code Master from 3 independent maintainers (x0.5); a spam mark on an earlier pull request
    // of Sam's doubles his price (2x). Pat stays at 1x.
    await app.ctx.db
      .update(users)
      .set({ xp: 1500, xpMaintainers: 3 })
      .where(eq(users.id, octo.user.id));
    const spam = await world.openPullRequest('sam-rustacean', (await createBounty()).number);
    await closeAsMaintainer(spam.number);
    expect((await as(mia, 'POST', spamUrl(spam.number))).statusCode).toBe(200);
    // The stake row records what the stake dialog declared and the factor it was priced at.
    await app.ctx.db
      .update(stakes)
      .set({ aiAssistance: 'assisted', pricePercent: 200 })
      .where(eq(stakes.id, samGreen.stakeId));

    const { pullRequests, unstakedOnBounties, recentlyClosed, truncated } = await queue();
    // Closed without a merge, most recent first: where a maintainer marks spam.
    expect(recentlyClosed[0]).toMatchObject({ number: spam.number, state: 'closed' });
    const ours = new Set(
      [samGreen, patGreen, octoFailing, octoGreen, patGreenLater, niaOnBounty, niaElsewhere].map(
        (p) => p.number,
      ),
    );
    expect(pullRequests.map((p) => p.number).filter((n) => ours.has(n))).toEqual([
      octoGreen.number, // green, x0.5
      patGreen.number, // green, 1x, the older
      patGreenLater.number, // green, 1x
      samGreen.number, // green, 2x (the spam mark)
      octoFailing.number, // staked, checks failing
      niaElsewhere.number, // unstaked, on no bounty issue
    ]);
    expect(unstakedOnBounties.map((p) => p.number)).toEqual([niaOnBounty.number]);
    expect(truncated).toBe(false);
    expect(pullRequests.find((p) => p.number === samGreen.number)).toMatchObject({
      stakeAmount: 10,
      stakePricePercent: 200,
      aiAssistance: 'assisted',
      checks: 'success',
      user: { login: 'sam-rustacean' },
    });
    expect(pullRequests.find((p) => p.number === octoFailing.number)).toMatchObject({
      stakeAmount: 10,
      stakePricePercent: 100,
      aiAssistance: 'none',
      checks: 'failure',
    });
    expect(pullRequests.find((p) => p.number === niaElsewhere.number)).toMatchObject({
      stakeAmount: null,
      stakePricePercent: null,
      aiAssistance: null,
      checks: null,
    });
    // Staked ones lead the whole queue: none of the earlier tests' unstaked ones comes before.
    const firstUnstaked = pullRequests.findIndex((p) => p.stakeAmount === null);
    expect(pullRequests.slice(firstUnstaked).every((p) => p.stakeAmount === null)).toBe(true);
  });

  it('asks GitHub for the whole queue and its checks in one GraphQL request per 100', async () => {
    const before = sim.requests().length;
    await queue({ refresh: true });
    const asked = sim.requests().slice(before);
    expect(asked.filter((r) => r.path.includes('graphql'))).toHaveLength(1);
    expect(asked.filter((r) => /\/(status|check-runs|statuses)/.test(r.path))).toHaveLength(0);
  });

  it("keeps a maintainer's read of GitHub until the repository changes, a minute passes or they refresh", async () => {
    const graphqlReads = async (load: () => Promise<PullRequestQueue>) => {
      const before = sim.requests().length;
      const answer = await load();
      const reads = sim
        .requests()
        .slice(before)
        .filter((r) => r.path.includes('graphql')).length;
      return { answer, reads };
    };
    const first = await graphqlReads(() => queue({ refresh: true }));
    expect(first.reads).toBe(1);

    // Nothing changed on GitHub: the kept read answers, and says when it was read.
    const kept = await graphqlReads(() => queue());
    expect(kept.reads).toBe(0);
    expect(kept.answer.readAt).toBe(first.answer.readAt);

    // A stake is read from the database every time, kept read or not.
    const staked = await stakedPullRequest(raj, 'ruby-raj');
    await sim.idle();
    const afterStake = await graphqlReads(() => queue());
    expect(afterStake.reads).toBe(1);
    expect(afterStake.answer.pullRequests.find((p) => p.number === staked.number)).toMatchObject({
      stakeAmount: 10,
      checks: null,
    });

    // A check finishing on GitHub comes as a webhook delivery: the next load reads GitHub again.
    await setChecks(staked.number, 'success');
    await sim.idle();
    const afterCheck = await graphqlReads(() => queue());
    expect(afterCheck.reads).toBe(1);
    expect(afterCheck.answer.pullRequests.find((p) => p.number === staked.number)?.checks).toBe(
      'success',
    );
    expect((await graphqlReads(() => queue())).reads).toBe(0);

    // Each maintainer reads GitHub with their own token: Rita's first load is her own read.
    const before = sim.requests().length;
    expect((await as(rita, 'GET', pullsUrl)).statusCode).toBe(200);
    expect(
      sim
        .requests()
        .slice(before)
        .filter((r) => r.path.includes('graphql')),
    ).toHaveLength(1);

    // Closing through OpenStake forgets the kept reads at once, before GitHub's webhook arrives.
    const closing = await world.openPullRequest('newbie-nia', (await createBounty()).number);
    await sim.idle();
    const lists = (q: PullRequestQueue, number: number) =>
      q.unstakedOnBounties.some((p) => p.number === number);
    expect(lists(await queue(), closing.number)).toBe(true);
    await closeAsMaintainer(closing.number);
    expect(lists(await queue(), closing.number)).toBe(false);

    // A minute on, a kept read is read again even when no delivery came (a hook may be missing).
    await sim.idle();
    const fresh = await graphqlReads(() => queue());
    expect((await graphqlReads(() => queue())).reads).toBe(0);
    clockOffsetMs = QUEUE_KEPT_MS;
    try {
      const later = await graphqlReads(() => queue());
      expect(later.reads).toBe(1);
      expect(Date.parse(later.answer.readAt)).toBeGreaterThanOrEqual(
        Date.parse(fresh.answer.readAt) + QUEUE_KEPT_MS,
      );
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses a refresh that is not true or false', async () => {
    const res = await as(mia, 'GET', `${pullsUrl}?refresh=maybe`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/refresh must be true or false/);
  });
});

describe('spam marks', () => {
  it('marks only a closed pull request that was not merged', async () => {
    const open = await world.openPullRequest('newbie-nia', (await createBounty()).number);
    const refused = await as(mia, 'POST', spamUrl(open.number));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/is open; close it before marking it as spam/);

    await sim.mergePullRequest({ ...REPO, number: open.number, by: 'mia-maintainer' });
    const merged = await as(mia, 'POST', spamUrl(open.number));
    expect(merged.statusCode).toBe(409);
    expect(merged.json().message).toMatch(/was merged/);

    expect((await as(mia, 'POST', spamUrl(999_999))).statusCode).toBe(404);
  });

  it('is for maintainers with push access only', async () => {
    const pr = await world.openPullRequest('newbie-nia', (await createBounty()).number);
    await closeAsMaintainer(pr.number);
    // Rita is a maintainer on OpenStake who may only read the repository on GitHub.
    const reader = await as(rita, 'POST', spamUrl(pr.number));
    expect(reader.statusCode).toBe(403);
    expect(reader.json().message).toMatch(/push access/);
    expect((await as(octo, 'POST', spamUrl(pr.number))).statusCode).toBe(403);
    expect((await as(rita, 'DELETE', spamUrl(pr.number))).statusCode).toBe(403);
    const detail = await as(mia, 'GET', `${pullsUrl}/${String(pr.number)}`);
    expect(detail.json().data).toMatchObject({ state: 'closed', merged: false, spamMarked: false });
  });

  it("never moves coins: a rejected stake keeps the repository's capped deduction", async () => {
    const pr = await stakedPullRequest(raj, 'ruby-raj', 50);
    await sim.reviewPullRequest({
      ...REPO,
      number: pr.number,
      reviewer: 'mia-maintainer',
      state: 'CHANGES_REQUESTED',
    });
    expect((await closeAsMaintainer(pr.number)).json().data).toEqual({ stakeOutcome: 'rejected' });
    const stakeRow = async () =>
      (await app.ctx.db.select().from(stakes).where(eq(stakes.id, pr.stakeId)))[0]!;
    const settled = await stakeRow();
    expect(settled).toMatchObject({ status: 'rejected', coinsLost: 5 });
    const wallet = await getBalance(app.ctx.db, walletOf(raj.user.id));
    const moves = await transferCount();

    const marked = await as(mia, 'POST', spamUrl(pr.number));
    expect(marked.json()).toEqual({
      success: true,
      data: { spamMarked: true, author: 'ruby-raj' },
    });

    expect(await stakeRow()).toEqual(settled);
    expect(await getBalance(app.ctx.db, walletOf(raj.user.id))).toBe(wallet);
    expect(await transferCount()).toBe(moves);
    await expectBalancedLedger(app.ctx.db);
    expect((await as(mia, 'DELETE', spamUrl(pr.number))).json().data.spamMarked).toBe(false);
  });

  it("raises the author's stake price while it stands, and undoing it lowers it again", async () => {
    const issue = await createBounty();
    const priced = await priceFactor(pat, issue.issueId);
    const standing = async () =>
      (await readStanding(app.ctx.db, pat.user.id, new Date())).standing.recentSpamMarks;
    const marksBefore = await standing();
    const pr = await world.openPullRequest('prolific-pat', issue.number);
    await closeAsMaintainer(pr.number);

    const marked = await as(mia, 'POST', spamUrl(pr.number));
    expect(marked.statusCode).toBe(200);
    // Marking twice keeps one mark.
    expect((await as(mia, 'POST', spamUrl(pr.number))).statusCode).toBe(200);
    expect(await standing()).toBe(marksBefore + 1);
    expect(await priceFactor(pat, issue.issueId)).toBe(priced + 100);
    const detail = await as(mia, 'GET', `${pullsUrl}/${String(pr.number)}`);
    expect(detail.json().data.spamMarked).toBe(true);

    const undone = await as(mia, 'DELETE', spamUrl(pr.number));
    expect(undone.json()).toEqual({
      success: true,
      data: { spamMarked: false, author: 'prolific-pat' },
    });
    expect(await standing()).toBe(marksBefore);
    expect(await priceFactor(pat, issue.issueId)).toBe(priced);
    expect((await as(mia, 'GET', `${pullsUrl}/${String(pr.number)}`)).json().data.spamMarked).toBe(
      false,
    );
  });

  it('counts against the GitHub account, so signing up after the mark does not escape it', async () => {
    // Nia has no OpenStake account when her pull request is marked.
    const pr = await world.openPullRequest('newbie-nia', (await createBounty()).number);
    await closeAsMaintainer(pr.number);
    expect((await as(mia, 'POST', spamUrl(pr.number))).statusCode).toBe(200);

    const nia = await settledContributor('newbie-nia');
    const { standing } = await readStanding(app.ctx.db, nia.user.id, new Date());
    expect(standing.recentSpamMarks).toBe(1);
    const issue = await createBounty();
    // Her first stake costs what a marked author's does, not a settled newcomer's 1x.
    expect(await priceFactor(nia, issue.issueId)).toBeGreaterThan(100);
  });
});
