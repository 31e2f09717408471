import { Octokit } from '@octokit/rest';
import { MAINTAINER_STARTING_COINS } from '@openstake/core';
import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { githubAccounts, scheduledJobs, stakes } from '../src/db/schema';
import { encryptSecret } from '../src/lib/secret-box';
import { grantMonthlyCoins } from '../src/modules/ledger/grant-monthly-coins';
import { runDueJobs, type Job } from '../src/jobs/job-runner';
import { expireStakes } from '../src/modules/stakes/expire-stakes';
import { pollPullRequests } from '../src/modules/stakes/poll-pull-requests';
import { getBalance, walletOf } from '../src/modules/ledger/accounts';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';
import { connectRepository } from './helpers/connect-repository';

// A clock the tests move; the server's jobs read time only through it.
let now = new Date();
const clock = { now: () => now };
const DAY = 86_400_000;

let app: TestApp;
let sim: GithubSim;
let base: string;

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  sim = app.githubSim!;
  base = await listen(app);
});
afterAll(() => app.close());

async function linkedContributor(login: string): Promise<Account> {
  const account = await createUser(app, 'contributor', { githubUsername: login });
  const jar = new Browserish(account.cookie);
  const start = await jar.fetch(`${base}/api/github/connect`);
  await jar.fetch(await approveOnSim(start.headers.get('location')!, login, 'approve'));
  return account;
}

const stakeOn = async (who: Account, world: ReturnType<typeof stakeWorld>, login: string) => {
  const issue = await world.createIssue();
  const pr = await world.openPullRequest(login, issue.number);
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/contributor/stakes',
    headers: { cookie: who.cookie },
    payload: { issueId: issue.githubId, prUrl: pr.url, amount: 5 },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data._id as string, pr };
};
const stakeRow = async (id: string) =>
  (await app.ctx.db.select().from(stakes).where(eq(stakes.id, id)))[0]!;

describe('background jobs', () => {
  let octo: Account;
  // ledger-core is connected, but its webhook was removed on GitHub: only polling can see what
  // happens to its pull requests.
  const unconnected = { owner: 'openstake-labs', repo: 'ledger-core' };

  beforeAll(async () => {
    octo = await linkedContributor('octo-dev');
    const mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
    await linkGithub(base, mia, 'mia-maintainer');
    await connectRepository(app, base, mia, unconnected);
    const onGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    const { data: hooks } = await onGithub.rest.repos.listWebhooks(unconnected);
    for (const hook of hooks)
      await onGithub.rest.repos.deleteWebhook({ ...unconnected, hook_id: hook.id });
    // The accounts are dated a year back (createUser): their monthly grant is paid now, before
    // the tests count coins.
    await grantMonthlyCoins(app.ctx);
  });

  it('polling settles stakes on repositories without a webhook', async () => {
    const world = stakeWorld(app, sim, unconnected);
    const merged = await stakeOn(octo, world, 'octo-dev');
    const open = await stakeOn(octo, world, 'octo-dev');
    await sim.mergePullRequest({ ...unconnected, number: merged.pr.number, by: 'mia-maintainer' });
    const before = await getBalance(app.ctx.db, walletOf(octo.user.id));
    now = new Date(now.getTime() + 60_000);
    expect(await runDueJobs(app.ctx)).toContain('poll-pull-requests');
    expect(await stakeRow(merged.id)).toMatchObject({
      status: 'accepted',
      settledBy: 'poll',
      coinsEarned: 50,
      xpEarned: 25,
    });
    expect(await stakeRow(open.id)).toMatchObject({ status: 'pending' });
    expect(await getBalance(app.ctx.db, walletOf(octo.user.id))).toBe(before + 5 + 50);
  });

  it('a stake still undecided after 30 days is refunded in full', async () => {
    const world = stakeWorld(app, sim, unconnected);
    const { id } = await stakeOn(octo, world, 'octo-dev');
    const before = await getBalance(app.ctx.db, walletOf(octo.user.id));
    now = new Date(now.getTime() + 29 * DAY);
    await runDueJobs(app.ctx);
    expect((await stakeRow(id)).status).toBe('pending');
    now = new Date(now.getTime() + 2 * DAY);
    await runDueJobs(app.ctx);
    expect(await stakeRow(id)).toMatchObject({
      status: 'expired',
      settledBy: 'expiry',
      coinsLost: 0,
    });
    expect(await getBalance(app.ctx.db, walletOf(octo.user.id))).toBeGreaterThanOrEqual(before + 5);
  });

  it("a reviewed close the poll could not see (the owner revoked OpenStake's access) ends the stake at expiry with its deduction, not a full refund", async () => {
    const nia = await linkedContributor('newbie-nia');
    const world = stakeWorld(app, sim, unconnected);
    // An advanced issue: a stake of 20, of which the repository's 10 % is 2.
    const issue = await world.createIssue({ labels: ['advanced'] });
    const pr = await world.openPullRequest('newbie-nia', issue.number);
    const placed = await app.server.inject({
      method: 'POST',
      url: '/api/contributor/stakes',
      headers: { cookie: nia.cookie },
      payload: { issueId: issue.githubId, prUrl: pr.url, amount: 20 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<{ data: { _id: string } }>().data._id;
    // nia revokes OpenStake on GitHub: her stored token no longer works, and the poll, which asks
    // with it, learns nothing.
    await app.ctx.db
      .update(githubAccounts)
      .set({ accessTokenEncrypted: encryptSecret(app.ctx.secrets.encryptionKey, 'gho_revoked') })
      .where(eq(githubAccounts.userId, nia.user.id));
    await sim.reviewPullRequest({
      ...unconnected,
      number: pr.number,
      reviewer: 'mia-maintainer',
      state: 'CHANGES_REQUESTED',
    });
    await sim.closePullRequest({ ...unconnected, number: pr.number, by: 'mia-maintainer' });
    // The poll and the expiry themselves, not the job runner: the month's grant would run too,
    // and earlier tests moved the jobs' clock on while a stake's age counts from the database's.
    await pollPullRequests(app.ctx);
    expect((await stakeRow(id)).status).toBe('pending');

    const before = await getBalance(app.ctx.db, walletOf(nia.user.id));
    now = new Date(now.getTime() + 31 * DAY);
    expect(await expireStakes(app.ctx)).toBe(1);
    // Asked with the repository's steward's token (mia connected it): closed after her review.
    expect(await stakeRow(id)).toMatchObject({
      status: 'rejected',
      settledBy: 'expiry',
      coinsLost: 2,
    });
    expect(await getBalance(app.ctx.db, walletOf(nia.user.id))).toBe(before + 18);
  });

  it('grants 100 coins per contributor once per calendar month, starting the month after sign-up', async () => {
    // Its own server and clock: the calendar matters here.
    let time = new Date();
    const monthly = await buildTestApp({}, { clock: { now: () => time } });
    try {
      const fresh = await createUser(monthly, 'contributor', { newAccount: true });
      const maintainer = await createUser(monthly, 'maintainer');
      const balance = () => getBalance(monthly.ctx.db, walletOf(fresh.user.id));
      const signedUp = new Date();
      await runDueJobs(monthly.ctx);
      expect(await balance()).toBe(100); // the sign-up grant only
      const nextMonth = new Date(
        Date.UTC(signedUp.getUTCFullYear(), signedUp.getUTCMonth() + 1, 1, 2),
      );
      time = nextMonth;
      await runDueJobs(monthly.ctx);
      expect(await balance()).toBe(200);
      time = new Date(nextMonth.getTime() + 2 * 3_600_000); // the job runs again later that month
      await runDueJobs(monthly.ctx);
      expect(await balance()).toBe(200);
      // Maintainers keep their starting coins; the monthly grant is for contributors.
      expect(await getBalance(monthly.ctx.db, walletOf(maintainer.user.id))).toBe(
        MAINTAINER_STARTING_COINS,
      );
      time = new Date(Date.UTC(signedUp.getUTCFullYear(), signedUp.getUTCMonth() + 2, 1, 3));
      await runDueJobs(monthly.ctx);
      expect(await balance()).toBe(300);
    } finally {
      await monthly.close();
    }
  });

  it('runs each due job once however many runners race for it, and remembers its schedule', async () => {
    let runs = 0;
    const job: Job = {
      name: `counting-${Date.now()}`,
      everyMs: 60_000,
      run: async () => void runs++,
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => runDueJobs(app.ctx, [job])));
    expect(results.flat()).toEqual([job.name]);
    expect(runs).toBe(1);
    await runDueJobs(app.ctx, [job]); // not due yet
    expect(runs).toBe(1);
    const [row] = await app.ctx.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, job.name));
    expect(row!.nextRunAt.getTime()).toBe(now.getTime() + 60_000);
    now = new Date(now.getTime() + 60_001);
    await runDueJobs(app.ctx, [job]);
    expect(runs).toBe(2);
  });

  it('a failing job is logged, released and tried again when next due', async () => {
    let attempts = 0;
    const job: Job = {
      name: `failing-${Date.now()}`,
      everyMs: 1_000,
      run: async () => {
        attempts++;
        throw new Error('GitHub is down');
      },
    };
    expect(await runDueJobs(app.ctx, [job])).toEqual([]);
    const [row] = await app.ctx.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, job.name));
    expect(row).toMatchObject({ lastError: 'GitHub is down', lockedUntil: null });
    now = new Date(now.getTime() + 1_001);
    await runDueJobs(app.ctx, [job]);
    expect(attempts).toBe(2);
  });
});
