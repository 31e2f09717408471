import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import {
  githubAccounts,
  repositories,
  repositoryVouches,
  spamMarks,
  stakes,
  users,
} from '../src/db/schema';
import { getBalance, walletOf } from '../src/modules/ledger/accounts';
import { settleStake } from '../src/modules/stakes/settle-stake';
import { markLapsedWindows } from '../src/modules/stakes/stake-store';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';
import { connectRepository } from './helpers/connect-repository';

// Decision 015: the stake's price by standing (part 1), the repository's policy and the slots
// (part 2), and what vouches and denouncements do to a stake (part 3), through the real routes.

let app: TestApp;
let sim: GithubSim;
let base: string;
let world: ReturnType<typeof stakeWorld>;
let mia: Account;
let repositoryId: string;

/** Contributors by their simulator login, linked once. */
const people = new Map<string, Account>();
async function contributor(login: string, options: { newAccount?: boolean } = {}) {
  const known = people.get(login);
  if (known) return known;
  const account = await createUser(app, 'contributor', { githubUsername: login, ...options });
  await linkGithub(base, account, login);
  people.set(login, account);
  return account;
}

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  world = stakeWorld(app, sim);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
  await connectRepository(app, base, mia, REPO, { policy: 'defaults' });
  const [row] = await app.ctx.db
    .select({ id: repositories.id })
    .from(repositories)
    .where(eq(repositories.fullName, REPO_FULL_NAME));
  repositoryId = row!.id;
});
afterAll(() => app.close());

/** Sets the repository's policy as its maintainer would (the settings route has its own tests). */
async function setPolicy(policy: Partial<typeof repositories.$inferInsert>) {
  await app.ctx.db
    .update(repositories)
    .set({
      maxOpenStakesPerContributor: 2,
      maxNewcomerStakesPerIssue: 3,
      exclusiveWindowDays: null,
      minXp: 0,
      vouchedOnly: false,
      allowGenerated: true,
      ...policy,
    })
    .where(eq(repositories.id, repositoryId));
}

const issueDetails = async (issueId: number, who: Account) => {
  const res = await app.server.inject({
    method: 'POST',
    url: `/api/contributor/issue-details/${issueId}`,
    headers: { cookie: who.cookie },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.issue as {
    stakingRequired: number;
    stakePrice: { amount: number; factorPercent: number; text: string };
    stakeRefusal: string | null;
  };
};

/** Opens a pull request for the issue and stakes on it at the price the issue page says. */
async function stakeOn(
  who: Account,
  login: string,
  issue: { githubId: number; number: number },
  extra: { amount?: number; aiAssistance?: string } = {},
) {
  const pr = await world.openPullRequest(login, issue.number);
  const amount = extra.amount ?? (await issueDetails(issue.githubId, who)).stakePrice.amount;
  return app.server.inject({
    method: 'POST',
    url: '/api/contributor/stakes',
    headers: { cookie: who.cookie },
    payload: { issueId: issue.githubId, prUrl: pr.url, amount, aiAssistance: extra.aiAssistance },
  });
}

/** Withdraws every pending stake, coins back (as /unstake would): each test starts with free slots. */
async function closeAllStakes() {
  const pending = await app.ctx.db
    .select({ id: stakes.id })
    .from(stakes)
    .where(eq(stakes.status, 'pending'));
  for (const { id } of pending) {
    await settleStake({ stakeId: id, outcome: { kind: 'withdrawn' }, settledBy: 'test' }, app.ctx);
  }
}

async function setStanding(login: string, values: Partial<typeof users.$inferInsert>) {
  const who = await contributor(login);
  await app.ctx.db.update(users).set(values).where(eq(users.id, who.user.id));
}

describe("a stake's price follows the contributor's standing", () => {
  it('a new account pays twice the issue stake, is told why, and a stake of the bare issue stake is refused', async () => {
    await setPolicy({});
    const nia = await contributor('newbie-nia', { newAccount: true });
    const issue = await world.createIssue();
    const shown = await issueDetails(issue.githubId, nia);
    expect(shown.stakingRequired).toBe(5);
    expect(shown.stakePrice).toEqual({
      amount: 10,
      factorPercent: 200,
      text: '10 coins: 2x while your account is new (under 30 days)',
    });

    const before = await getBalance(app.ctx.db, walletOf(nia.user.id));
    const cheap = await stakeOn(nia, 'newbie-nia', issue, { amount: 5 });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe(
      'Your stake on this issue is 10 coins: 2x while your account is new (under 30 days)',
    );
    expect(await getBalance(app.ctx.db, walletOf(nia.user.id))).toBe(before);

    const placed = await stakeOn(nia, 'newbie-nia', issue);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.amount).toBe(10);
    const [row] = await app.ctx.db
      .select()
      .from(stakes)
      .where(eq(stakes.id, placed.json().data._id));
    expect(row).toMatchObject({ amount: 10, pricePercent: 200, aiAssistance: 'none' });
    expect(await getBalance(app.ctx.db, walletOf(nia.user.id))).toBe(before - 10);
    await closeAllStakes();
  });

  it('a GitHub account GitHub created weeks ago adds its own surcharge; unknown age counts as new', async () => {
    const rita = await contributor('rita-reader');
    const issue = await world.createIssue();
    expect((await issueDetails(issue.githubId, rita)).stakePrice.factorPercent).toBe(100);
    await app.ctx.db
      .update(githubAccounts)
      .set({ githubCreatedAt: null })
      .where(eq(githubAccounts.userId, rita.user.id));
    expect((await issueDetails(issue.githubId, rita)).stakePrice).toMatchObject({
      amount: 10,
      text: '10 coins: 2x while your GitHub account is under 90 days old',
    });
    await app.ctx.db
      .update(githubAccounts)
      .set({ githubCreatedAt: new Date('2018-11-20T00:00:00Z') })
      .where(eq(githubAccounts.userId, rita.user.id));
  });

  it('recent rejections and spam marks raise it; independent XP lowers it, never below half', async () => {
    const pat = await contributor('prolific-pat');
    const issue = await world.createIssue({ title: 'Priced by standing' });
    const rejected = await stakeOn(pat, 'prolific-pat', issue);
    expect(rejected.statusCode).toBe(201);
    await settleStake(
      {
        stakeId: rejected.json().data._id,
        outcome: { kind: 'closed_after_review' },
        settledBy: 'test',
      },
      app.ctx,
    );
    const next = await world.createIssue({ title: 'After a rejection' });
    expect((await issueDetails(next.githubId, pat)).stakePrice).toMatchObject({
      amount: 8,
      factorPercent: 150,
    });

    await app.ctx.db.insert(spamMarks).values({
      repositoryFullName: REPO_FULL_NAME,
      prNumber: 999_001,
      authorGithubLogin: 'prolific-pat',
      authorUserId: pat.user.id,
      markedBy: mia.user.id,
    });
    expect((await issueDetails(next.githubId, pat)).stakePrice.factorPercent).toBe(250);

    // Code Master from three independent maintainers halves the sum: 2.5x -> 1.25x.
    await setStanding('prolific-pat', { xp: 1500, xpMaintainers: 3 });
    expect((await issueDetails(next.githubId, pat)).stakePrice.factorPercent).toBe(125);
    await app.ctx.db.delete(spamMarks).where(eq(spamMarks.authorUserId, pat.user.id));
    await app.ctx.db
      .update(stakes)
      .set({ settledAt: sql`now() - interval '91 days'` })
      .where(eq(stakes.userId, pat.user.id));
    expect((await issueDetails(next.githubId, pat)).stakePrice).toMatchObject({
      amount: 3,
      factorPercent: 50,
    });
    // Rank a pair of accounts made (XP from one maintainer) lowers nothing.
    await setStanding('prolific-pat', { xp: 5000, xpMaintainers: 1 });
    expect((await issueDetails(next.githubId, pat)).stakePrice.factorPercent).toBe(100);
  });
});

describe("the repository's slots", () => {
  it('refuses a third open stake in the repository with the limit and when it frees, also on the issue page', async () => {
    await setPolicy({});
    await closeAllStakes();
    const octo = await contributor('octo-dev');
    const [a, b, c] = [
      await world.createIssue(),
      await world.createIssue(),
      await world.createIssue(),
    ];
    expect((await stakeOn(octo, 'octo-dev', a)).statusCode).toBe(201);
    expect((await stakeOn(octo, 'octo-dev', b)).statusCode).toBe(201);
    const message = `You have 2 open stakes in ${REPO_FULL_NAME}, its limit; one frees when a pull request of yours there is merged or closed`;
    expect((await issueDetails(c.githubId, octo)).stakeRefusal).toBe(message);
    const refused = await stakeOn(octo, 'octo-dev', c);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(message);

    await setPolicy({ maxOpenStakesPerContributor: 1 });
    expect((await issueDetails(c.githubId, octo)).stakeRefusal).toBe(
      `You have 2 open stakes in ${REPO_FULL_NAME}, its limit; one frees when a pull request of yours there is merged or closed`,
    );
    await closeAllStakes();
    await setPolicy({});
    expect((await issueDetails(c.githubId, octo)).stakeRefusal).toBeNull();
  });

  it("holds a Code Novice to 3 open stakes across OpenStake, and a rank's limit grows with it", async () => {
    await setPolicy({ maxOpenStakesPerContributor: 20 });
    const octo = await contributor('octo-dev');
    await setStanding('octo-dev', { xp: 0 });
    for (let i = 0; i < 3; i++) {
      expect((await stakeOn(octo, 'octo-dev', await world.createIssue())).statusCode).toBe(201);
    }
    const fourth = await world.createIssue();
    const refused = await stakeOn(octo, 'octo-dev', fourth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'You have 3 open stakes, the limit for a Code Novice; one frees when a pull request of yours is merged or closed, and the limit grows with your rank',
    );
    await setStanding('octo-dev', { xp: 100 });
    expect((await stakeOn(octo, 'octo-dev', fourth)).statusCode).toBe(201);
    await closeAllStakes();
    await setStanding('octo-dev', { xp: 0 });
  });

  it('lets 3 newcomers stake on an issue, refuses the 4th, and never counts an established contributor', async () => {
    await setPolicy({});
    const issue = await world.createIssue({ title: 'A bounty everyone wants' });
    const newcomers = ['sam-rustacean', 'lena-pythonista', 'gopher-gus', 'java-jane'];
    for (const login of newcomers.slice(0, 3)) {
      expect((await stakeOn(await contributor(login), login, issue)).statusCode).toBe(201);
    }
    const fourth = await contributor('java-jane');
    const refused = await stakeOn(fourth, 'java-jane', issue);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '3 newcomers already staked on this issue, its limit for contributors without XP from an independent maintainer; a slot frees when one of their pull requests is merged or closed',
    );

    // XP from an independent maintainer makes a contributor established: the slots do not apply.
    await setStanding('ruby-raj', { xp: 120, xpMaintainers: 1 });
    const raj = await contributor('ruby-raj');
    expect((await stakeOn(raj, 'ruby-raj', issue)).statusCode).toBe(201);
    // A spam mark in its window makes them a newcomer again.
    await app.ctx.db.insert(spamMarks).values({
      repositoryFullName: REPO_FULL_NAME,
      prNumber: 999_002,
      authorGithubLogin: 'java-jane',
      authorUserId: fourth.user.id,
      markedBy: mia.user.id,
    });
    await setStanding('java-jane', { xp: 120, xpMaintainers: 1 });
    expect((await stakeOn(fourth, 'java-jane', issue)).statusCode).toBe(409);
    await app.ctx.db.delete(spamMarks).where(eq(spamMarks.authorUserId, fourth.user.id));
    expect((await stakeOn(fourth, 'java-jane', issue)).statusCode).toBe(201);
    await closeAllStakes();
  });

  it('an exclusive window lets the first staker work alone, then opens the issue and counts the lapse', async () => {
    await setPolicy({ exclusiveWindowDays: 7 });
    const octo = await contributor('octo-dev');
    const sam = await contributor('sam-rustacean');
    const issue = await world.createIssue({ title: 'One at a time' });
    const first = await stakeOn(octo, 'octo-dev', issue);
    expect(first.statusCode).toBe(201);
    const [row] = await app.ctx.db
      .select()
      .from(stakes)
      .where(eq(stakes.id, first.json().data._id));
    const days = (row!.exclusiveUntil!.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const refusal = (await issueDetails(issue.githubId, sam)).stakeRefusal;
    expect(refusal).toMatch(
      /^Another contributor works on this issue alone until \d{1,2} [A-Z][a-z]{2} \d{4} \(the repository's exclusive window\); it opens to others then$/,
    );
    expect((await stakeOn(sam, 'sam-rustacean', issue)).statusCode).toBe(409);

    // The window ends without a merge: the job marks the lapse, the issue opens to others, and the
    // first stake stays pending like any other.
    const later = new Date(row!.exclusiveUntil!.getTime() + 60_000);
    await app.ctx.db
      .update(stakes)
      .set({ exclusiveUntil: new Date(Date.now() - 60_000) })
      .where(eq(stakes.id, row!.id));
    expect(await markLapsedWindows(app.ctx.db, later)).toBe(1);
    expect(await markLapsedWindows(app.ctx.db, later)).toBe(0);
    expect((await issueDetails(issue.githubId, sam)).stakeRefusal).toBeNull();
    const second = await stakeOn(sam, 'sam-rustacean', issue);
    expect(second.statusCode).toBe(201);
    const [afterLapse] = await app.ctx.db.select().from(stakes).where(eq(stakes.id, row!.id));
    expect(afterLapse).toMatchObject({ status: 'pending' });
    expect(afterLapse!.windowLapsedAt).not.toBeNull();
    // The second stake found a stake pending: no window of its own.
    const [secondRow] = await app.ctx.db
      .select()
      .from(stakes)
      .where(eq(stakes.id, second.json().data._id));
    expect(secondRow!.exclusiveUntil).toBeNull();
    // The lapse counts against the first staker as a rejection does.
    expect(
      (await issueDetails((await world.createIssue()).githubId, octo)).stakePrice,
    ).toMatchObject({ factorPercent: 150 });
    await closeAllStakes();
    await app.ctx.db.update(stakes).set({ windowLapsedAt: null }).where(eq(stakes.id, row!.id));
  });
});

describe("the repository's gates and the maintainers' word", () => {
  it('a minimum rank refuses a Code Novice, unless the maintainers vouched for them', async () => {
    await setPolicy({ minXp: 500 });
    const tess = await contributor('tess-tester');
    const issue = await world.createIssue();
    // Linking GitHub gave them starting XP for their merged pull requests: below 500 all the same.
    const [{ xp } = { xp: -1 }] = await app.ctx.db
      .select({ xp: users.xp })
      .from(users)
      .where(eq(users.id, tess.user.id));
    expect(xp).toBeLessThan(500);
    const refusal = `${REPO_FULL_NAME} takes stakes from Code Contributor (500 XP) up; you have ${String(xp)} XP`;
    expect((await issueDetails(issue.githubId, tess)).stakeRefusal).toBe(refusal);
    const refused = await stakeOn(tess, 'tess-tester', issue);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(refusal);

    const [account] = await app.ctx.db
      .select()
      .from(githubAccounts)
      .where(eq(githubAccounts.userId, tess.user.id));
    await app.ctx.db.insert(repositoryVouches).values({
      repositoryId,
      githubUserId: account!.githubId,
      login: 'tess-tester',
      kind: 'vouched',
      decidedBy: mia.user.id,
      source: 'settings',
    });
    expect((await issueDetails(issue.githubId, tess)).stakeRefusal).toBeNull();
    expect((await stakeOn(tess, 'tess-tester', issue)).statusCode).toBe(201);
    await closeAllStakes();
  });

  it('a vouched newcomer pays the issue stake there; a denounced contributor cannot stake at all', async () => {
    await setPolicy({});
    const devon = await contributor('devon-docs', { newAccount: true });
    const issue = await world.createIssue();
    expect((await issueDetails(issue.githubId, devon)).stakePrice.factorPercent).toBe(200);
    const [account] = await app.ctx.db
      .select()
      .from(githubAccounts)
      .where(eq(githubAccounts.userId, devon.user.id));
    const word = {
      repositoryId,
      githubUserId: account!.githubId,
      login: 'devon-docs',
      decidedBy: mia.user.id,
      source: 'settings' as const,
    };
    await app.ctx.db.insert(repositoryVouches).values({ ...word, kind: 'vouched' });
    expect((await issueDetails(issue.githubId, devon)).stakePrice).toEqual({
      amount: 5,
      factorPercent: 100,
      text: '5 coins',
    });

    await app.ctx.db
      .update(repositoryVouches)
      .set({ kind: 'denounced', reason: 'Spam' })
      .where(eq(repositoryVouches.githubUserId, account!.githubId));
    const message = `The maintainers of ${REPO_FULL_NAME} do not take stakes from you`;
    expect((await issueDetails(issue.githubId, devon)).stakeRefusal).toBe(message);
    const refused = await stakeOn(devon, 'devon-docs', issue);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(message);
    await app.ctx.db
      .delete(repositoryVouches)
      .where(eq(repositoryVouches.githubUserId, account!.githubId));
  });

  it('a vouched-only repository refuses everyone else', async () => {
    await setPolicy({ vouchedOnly: true });
    const kai = await contributor('kai-kotlin');
    const issue = await world.createIssue();
    const refused = await stakeOn(kai, 'kai-kotlin', issue);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${REPO_FULL_NAME} takes stakes only from contributors its maintainers vouched for`,
    );
    await setPolicy({});
  });

  it('records the AI declaration, and a repository may refuse generated pull requests', async () => {
    await setPolicy({ allowGenerated: false });
    const fay = await contributor('frontend-fay');
    const issue = await world.createIssue();
    const generated = await stakeOn(fay, 'frontend-fay', issue, { aiAssistance: 'generated' });
    expect(generated.statusCode).toBe(400);
    expect(generated.json()).toMatchObject({
      message: `${REPO_FULL_NAME} does not take stakes on pull requests generated by AI`,
      field: 'aiAssistance',
    });
    const invalid = await stakeOn(fay, 'frontend-fay', issue, { aiAssistance: 'robot' });
    expect(invalid.statusCode).toBe(400);
    const assisted = await stakeOn(fay, 'frontend-fay', issue, { aiAssistance: 'assisted' });
    expect(assisted.statusCode).toBe(201);
    const [row] = await app.ctx.db
      .select()
      .from(stakes)
      .where(eq(stakes.id, assisted.json().data._id));
    expect(row!.aiAssistance).toBe('assisted');
    await closeAllStakes();
    await setPolicy({});
  });
});
