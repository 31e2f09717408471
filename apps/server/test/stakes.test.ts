import { Octokit } from '@octokit/rest';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { stakes, users } from '../src/db/schema';
import { inTransaction } from '../src/db/transaction';
import { PLATFORM_FEES, getBalance, walletOf } from '../src/modules/ledger/accounts';
import { transfer } from '../src/modules/ledger/transfer';
import { pollPullRequests } from '../src/modules/stakes/poll-pull-requests';
import { settleStake } from '../src/modules/stakes/settle-stake';
import { createUser, grantTestXp, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';
import { connectRepository } from './helpers/connect-repository';

let app: TestApp;
let sim: GithubSim;
let base: string;
let world: ReturnType<typeof stakeWorld>;
let octo: Account;
let mia: Account;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  world = stakeWorld(app, sim);
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, octo, 'octo-dev');
  await linkGithub(base, mia, 'mia-maintainer');
  await connectRepository(app, base, mia, REPO);
});
afterAll(() => app.close());

const stake = (who: Account, body: object) =>
  app.server.inject({
    method: 'POST',
    url: '/api/contributor/stakes',
    headers: { cookie: who.cookie },
    payload: body,
  });
const wallet = (account: Account) => getBalance(app.ctx.db, walletOf(account.user.id));
const xpOf = async (account: Account) =>
  (await app.ctx.db.select().from(users).where(eq(users.id, account.user.id)))[0]!.xp;
const stakeRow = async (id: string) =>
  (await app.ctx.db.select().from(stakes).where(eq(stakes.id, id)))[0]!;

describe('creating a stake', () => {
  it('moves exactly the required coins from the wallet to the stake escrow', async () => {
    const issue = await world.createIssue();
    const pr = await world.openPullRequest('octo-dev', issue.number);
    const before = await wallet(octo);
    const res = await stake(octo, {
      issueId: issue.githubId,
      prUrl: pr.url,
      amount: 5,
      userId: 'someone-else',
      repository: 'x/y',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      status: 'pending',
      issueId: issue.githubId,
      amount: 5,
      repository: REPO_FULL_NAME,
      prUrl: pr.url,
    });
    expect(await wallet(octo)).toBe(before - 5);
    expect(await getBalance(app.ctx.db, { kind: 'stake_escrow', owner: created._id })).toBe(5);
    const list = await app.server.inject({
      url: '/api/contributor/stakes',
      headers: { cookie: octo.cookie },
    });
    expect(list.json().data[0]).toMatchObject({
      _id: created._id,
      issueNumber: issue.number,
      issueTitle: issue.title,
    });
  });

  it('refuses every invalid stake with a clear message and moves nothing', async () => {
    const issue = await world.createIssue({ labels: ['intermediate'] }); // stake 10
    const mine = await world.openPullRequest('octo-dev', issue.number);
    const theirs = await world.openPullRequest('newbie-nia', issue.number);
    const closed = await world.openPullRequest('octo-dev', issue.number);
    await sim.closePullRequest({ ...REPO, number: closed.number, by: 'mia-maintainer' });
    const before = await wallet(octo);
    const cases: [object, number, string][] = [
      [
        { issueId: issue.githubId, prUrl: mine.url, amount: 5 },
        400,
        'Your stake on this issue is 10 coins',
      ],
      [{ issueId: 999_999_999, prUrl: mine.url, amount: 10 }, 404, 'Issue not found'],
      [
        { issueId: issue.githubId, prUrl: 'not a url', amount: 10 },
        400,
        'Please provide a valid pull request URL, like https://github.com/owner/repo/pull/123',
      ],
      [
        { issueId: issue.githubId, prUrl: '   ', amount: 10 },
        400,
        'prUrl: Please provide a valid PR URL',
      ],
      [
        { issueId: issue.githubId, prUrl: mine.url.replace(REPO.repo, 'ledger-core'), amount: 10 },
        400,
        'The pull request belongs to another repository',
      ],
      [
        {
          issueId: issue.githubId,
          prUrl: mine.url.replace(/\/pull\/\d+$/, '/pull/99999'),
          amount: 10,
        },
        404,
        'Pull request not found on GitHub',
      ],
      [
        { issueId: issue.githubId, prUrl: closed.url, amount: 10 },
        409,
        'The pull request must be open',
      ],
      [
        { issueId: issue.githubId, prUrl: theirs.url, amount: 10 },
        403,
        'The pull request was not opened by your verified GitHub account (octo-dev)',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await stake(octo, body);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
    }
    expect(await wallet(octo)).toBe(before);

    expect(
      (await stake(octo, { issueId: issue.githubId, prUrl: mine.url, amount: 10 })).statusCode,
    ).toBe(201);
    const again = await stake(octo, { issueId: issue.githubId, prUrl: mine.url, amount: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have an active stake on this issue');
    expect(await wallet(octo)).toBe(before - 10);
  });

  it('asks for a verified GitHub account first', async () => {
    const unlinked = await createUser(app, 'contributor');
    const issue = await world.createIssue();
    const res = await stake(unlinked, {
      issueId: issue.githubId,
      prUrl: 'https://github.com/a/b/pull/1',
      amount: 5,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('GitHub authentication required');
  });

  it('refuses a stake the wallet cannot cover, with the insufficient-coins error', async () => {
    const issue = await world.createIssue({ labels: ['advanced'] }); // stake 20
    const pr = await world.openPullRequest('octo-dev', issue.number);
    const spend = await wallet(octo);
    // Leave the wallet 19 coins: one short of the stake.
    await inTransaction(app.ctx.db, (tx) =>
      transfer(tx, {
        from: walletOf(octo.user.id),
        to: PLATFORM_FEES,
        amount: spend - 19,
        kind: 'bounty_fee',
        reference: 'test',
        idempotencyKey: `drain:${octo.user.id}`,
      }),
    );
    const res = await stake(octo, { issueId: issue.githubId, prUrl: pr.url, amount: 20 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient coins for this operation');
    expect(await wallet(octo)).toBe(19);
    expect(
      await app.ctx.db.select().from(stakes).where(eq(stakes.issueGithubId, issue.githubId)),
    ).toHaveLength(0);
  });
});

describe('settling a stake from GitHub', () => {
  let nia: Account;
  beforeAll(async () => {
    nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
    await linkGithub(base, nia, 'newbie-nia');
  });
  // Each test stakes the issue's own stake: a rejection in an earlier test would price Nia's
  // next stake at 1.5x for 90 days (decision 015), so her rejections are dated out of that window.
  afterEach(async () => {
    await app.ctx.db
      .update(stakes)
      .set({ settledAt: sql`${stakes.settledAt} - interval '91 days'` })
      .where(and(eq(stakes.userId, nia.user.id), eq(stakes.status, 'rejected')));
  });

  async function staked(labels: string[] = []) {
    const issue = await world.createIssue({ labels });
    const pr = await world.openPullRequest('newbie-nia', issue.number);
    const res = await stake(nia, {
      issueId: issue.githubId,
      prUrl: pr.url,
      amount: issue.stakingRequired,
    });
    expect(res.statusCode).toBe(201);
    return { issue, pr, id: res.json().data._id as string };
  }

  it('merged: the stake comes back with 2 x XP coins and the XP', async () => {
    const { issue, pr, id } = await staked(); // beginner: stake 5, 25 XP
    const [coins, xp] = [await wallet(nia), await xpOf(nia)];
    await sim.mergePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    expect(await stakeRow(id)).toMatchObject({
      status: 'accepted',
      coinsEarned: 50,
      xpEarned: 25,
      settledBy: 'webhook',
    });
    expect(await wallet(nia)).toBe(coins + 5 + 50);
    expect(await xpOf(nia)).toBe(xp + issue.xpReward);
    const list = await app.server.inject({
      url: '/api/contributor/stakes',
      headers: { cookie: nia.cookie },
    });
    expect(list.json().data.find((s: { _id: string }) => s._id === id)).toMatchObject({
      status: 'accepted',
      coinsEarned: 50,
      xpEarned: 25,
      coinsLost: 0,
    });
  });

  it("closed after a review: the repository's deduction goes to its treasury, the rest comes back", async () => {
    const { pr, id } = await staked(['advanced']); // stake 20, repository deduction 10% -> 2
    const coins = await wallet(nia);
    const treasury = await getBalance(app.ctx.db, { kind: 'repo_treasury', owner: REPO_FULL_NAME });
    await sim.reviewPullRequest({
      ...REPO,
      number: pr.number,
      reviewer: 'mia-maintainer',
      state: 'CHANGES_REQUESTED',
    });
    await sim.closePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    expect(await stakeRow(id)).toMatchObject({ status: 'rejected', coinsLost: 2, coinsEarned: 0 });
    expect(await wallet(nia)).toBe(coins + 18);
    expect(await getBalance(app.ctx.db, { kind: 'repo_treasury', owner: REPO_FULL_NAME })).toBe(
      treasury + 2,
    );
  });

  it('closed after a review at 15 %: a 5-coin stake loses 1 coin, not the 0 that rounding down gives', async () => {
    const setPercent = async (deductionPercent: number) => {
      const res = await app.server.inject({
        method: 'PATCH',
        url: `/api/maintainer/repositories/${REPO_FULL_NAME}`,
        headers: { cookie: mia.cookie },
        payload: { deductionPercent },
      });
      expect(res.statusCode).toBe(200);
    };
    await setPercent(15);
    try {
      const { pr, id } = await staked(); // beginner: stake 5
      expect(await stakeRow(id)).toMatchObject({ amount: 5, deductionPercent: 15 });
      const coins = await wallet(nia);
      const treasury = await getBalance(app.ctx.db, {
        kind: 'repo_treasury',
        owner: REPO_FULL_NAME,
      });
      await sim.reviewPullRequest({
        ...REPO,
        number: pr.number,
        reviewer: 'mia-maintainer',
        state: 'CHANGES_REQUESTED',
      });
      await sim.closePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
      expect(await stakeRow(id)).toMatchObject({ status: 'rejected', coinsLost: 1 });
      expect(await wallet(nia)).toBe(coins + 4);
      expect(await getBalance(app.ctx.db, { kind: 'repo_treasury', owner: REPO_FULL_NAME })).toBe(
        treasury + 1,
      );
    } finally {
      await setPercent(10);
    }
  });

  it('closed without any review: a full refund', async () => {
    const { pr, id } = await staked(['intermediate']);
    const coins = await wallet(nia);
    await sim.closePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    expect(await stakeRow(id)).toMatchObject({ status: 'expired', coinsLost: 0 });
    expect(await wallet(nia)).toBe(coins + 10);
  });

  it('the same merge delivered ten more times settles once', async () => {
    const { pr, id } = await staked();
    await sim.mergePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    const after = await wallet(nia);
    const delivery = sim
      .deliveries()
      .find(
        (d) =>
          d.event === 'pull_request' &&
          d.action === 'closed' &&
          (d.payload as { pull_request: { number: number } }).pull_request.number === pr.number,
      )!;
    const octokit = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        octokit.rest.repos.redeliverWebhookDelivery({
          ...REPO,
          hook_id: delivery.hookId,
          delivery_id: delivery.deliveryId,
        }),
      ),
    );
    await sim.idle();
    expect(await wallet(nia)).toBe(after);
    expect(await stakeRow(id)).toMatchObject({ status: 'accepted', coinsEarned: 50 });
  });

  it('a merge seen by the webhook and the polling job at the same moment settles once', async () => {
    const { pr, id } = await staked();
    const coins = await wallet(nia);
    const octokit = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    // GitHub answers the merge first and delivers the webhook after; the poll runs meanwhile.
    await octokit.rest.pulls.merge({ ...REPO, pull_number: pr.number });
    const polled = await Promise.all([
      pollPullRequests(app.ctx),
      pollPullRequests(app.ctx),
      sim.idle(),
    ]);
    expect(await stakeRow(id)).toMatchObject({ status: 'accepted', coinsEarned: 50, xpEarned: 25 });
    expect(await wallet(nia)).toBe(coins + 5 + 50);
    expect(polled[0] + polled[1]).toBeLessThanOrEqual(1);
  });

  it('settles exactly once when every signal arrives at the same moment', async () => {
    const { id } = await staked(['advanced']);
    const coins = await wallet(nia);
    const outcomes = [
      {
        kind: 'merged',
        xp: 100,
        bounty: false,
        source: {
          mergedByLogin: 'mia-maintainer',
          mergedById: null,
          repositoryFullName: REPO_FULL_NAME,
          repositoryId: null,
          repositoryOwnerId: null,
          repository: { stargazersCount: 40, forksCount: 6, createdAt: '2020-01-01T00:00:00Z' },
        },
      },
      { kind: 'closed_after_review' },
      { kind: 'closed_without_review' },
      { kind: 'timed_out' },
    ] as const;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        settleStake({ stakeId: id, outcome: outcomes[i % 4]!, settledBy: 'test' }, app.ctx),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = await stakeRow(id);
    const gained = (await wallet(nia)) - coins;
    // Whichever won, the wallet moved by exactly that one outcome.
    const expected = { accepted: 20 + 200, rejected: 18, expired: 20, pending: Number.NaN }[
      row.status
    ];
    expect(gained).toBe(expected);
  });
});

describe('many stakes at once', () => {
  it('200 simultaneous stakes against a balance covering 15: exactly 15 succeed', async () => {
    const racer = await createUser(app, 'contributor', { githubUsername: 'prolific-pat' });
    await linkGithub(base, racer, 'prolific-pat');
    // An Open Source Legend may hold 25 open stakes, and a repository allows at most 20 per
    // contributor (decision 015): with 75 coins the coins run out first.
    await grantTestXp(app, racer, 5000);
    await inTransaction(app.ctx.db, (tx) =>
      transfer(tx, {
        from: walletOf(racer.user.id),
        to: PLATFORM_FEES,
        amount: 25,
        kind: 'bounty_fee',
        reference: 'test',
        idempotencyKey: `drain:${racer.user.id}`,
      }),
    );
    const balance = await wallet(racer); // 75 coins; every beginner stake is 5
    expect(balance).toBe(75);
    const targets = [];
    for (let i = 0; i < 200; i++) {
      const issue = await world.createIssue({ title: `Race ${i}` });
      targets.push({ issue, pr: await world.openPullRequest('prolific-pat', issue.number) });
    }
    const results = await Promise.all(
      targets.map(({ issue, pr }) =>
        stake(racer, { issueId: issue.githubId, prUrl: pr.url, amount: 5 }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(15);
    expect(statuses.filter((s) => s === 422)).toHaveLength(185);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().message).toBe('Insufficient coins for this operation');
    expect(await wallet(racer)).toBe(0);
  }, 120_000);
});
