import { Octokit } from '@octokit/rest';
import {
  COMPLEXITY_FACTOR_IDS,
  FEEDBACK_TAG_IDS,
  MERGE_BONUS_IDS,
  XP_LIMIT_PER_MAINTAINER,
  computeMergeReward,
  countXp,
  type MergeFeedback,
  type RewardAllowance,
} from '@openstake/core';
import type { GithubSim } from '@openstake/github-sim';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database';
import { mergedPullRequests, stakes, users, xpEvents } from '../src/db/schema';
import { getBalance, walletOf } from '../src/modules/ledger/accounts';
import { mergePullRequest } from '../src/modules/pull-requests/merge-pull-request';
import { finishInAppMerges } from '../src/modules/pull-requests/finish-in-app-merges';
import { lockXpOf, payMergeReward, type MergeSource } from '../src/modules/xp/pay-merge-reward';
import { inTransaction } from '../src/db/transaction';
import { pollPullRequests } from '../src/modules/stakes/poll-pull-requests';
import { connectRepository } from './helpers/connect-repository';
import { createUser, grantTestXp, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { stakePriceOf, trackedGithubIssue } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 27, hole 1: two accounts of one person (or a ring of them) manufacturing the record
 * companies hire on, and hole 6, a merge cut by a crash that lost its feedback. On the main of
 * 2026-11-28, five merges with every tag, bonus and 5/5 took a second account from 137 to 1,157
 * XP and minted 2,040 coins; the rule now (decision 012) counts at most 300 XP per merging
 * maintainer and 600 per organization for one contributor in 30 days, pays nothing from a
 * repository with no outside standing, and mints twice the XP that counts.
 *
 * The seeded world: mia-maintainer owns the public mia-maintainer/release-bot; frontend-fay
 * administers pixel-forge, lena-pythonista data-harbor; none of the contributors below can push
 * to those repositories.
 */

let app: TestApp;
let sim: GithubSim;
let base: string;
let mia: Account;
let fay: Account;
let lena: Account;
/** The contributor the ring of three maintainers gave XP to (the ring test). */
let ringContributor: Account;
const maintainerLogin = new Map<Account, string>();

const RELEASE_BOT = { owner: 'mia-maintainer', repo: 'release-bot' };
const PIXEL_UI = { owner: 'pixel-forge', repo: 'pixel-ui' };
const STREAM_PIPE = { owner: 'data-harbor', repo: 'stream-pipe' };

/** Every tag, the largest complexity factor, every bonus and 5/5 on every criterion. */
const EVERYTHING: MergeFeedback = {
  ratings: { codeQuality: 5, documentation: 5, testing: 5, performance: 5, security: 5 },
  tags: [...FEEDBACK_TAG_IDS],
  complexity: [...COMPLEXITY_FACTOR_IDS],
  bonuses: [...MERGE_BONUS_IDS],
};

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  fay = await createUser(app, 'maintainer', { githubUsername: 'frontend-fay' });
  lena = await createUser(app, 'maintainer', { githubUsername: 'lena-pythonista' });
  for (const [account, login] of [
    [mia, 'mia-maintainer'],
    [fay, 'frontend-fay'],
    [lena, 'lena-pythonista'],
  ] as const) {
    await linkGithub(base, account, login);
    maintainerLogin.set(account, login);
  }
  await connectRepository(app, base, mia, RELEASE_BOT);
  await connectRepository(app, base, fay, PIXEL_UI);
  await connectRepository(app, base, lena, STREAM_PIPE);
});
afterAll(() => app.close());

async function contributor(login: string): Promise<Account> {
  const account = await createUser(app, 'contributor', { githubUsername: login });
  await linkGithub(base, account, login);
  return account;
}

const onGithub = (login: string) => new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor(login) });
const wallet = (who: Account) => getBalance(app.ctx.db, walletOf(who.user.id));
const xpOf = async (who: Account) =>
  (await app.ctx.db.select().from(users).where(eq(users.id, who.user.id)))[0]!.xp;
const stakeRow = async (id: string) =>
  (await app.ctx.db.select().from(stakes).where(eq(stakes.id, id)))[0]!;

/** Coins the mint created for `who` as merge rewards. */
async function mintedFor(who: Account): Promise<number> {
  const [row] = rowsOf<{ minted: number }>(
    await app.ctx.db.execute(sql`select coalesce(sum(t.amount), 0)::int as minted
      from transfers t join accounts a on a.id = t.to_account_id
      where a.kind = 'wallet' and a.owner = ${who.user.id} and t.kind = 'merge_reward'`),
  );
  return row!.minted;
}

/**
 * A plain issue opened by the repository's maintainer, tracked as a suggested issue would be, and
 * the contributor's pull request staked on it through the real route.
 */
async function stakedPullRequest(
  maintainer: Account,
  target: { owner: string; repo: string },
  who: Account,
  whoLogin: string,
  labels: string[] = [],
): Promise<{ prNumber: number; stakeId: string; amount: number }> {
  const tracked = await trackedGithubIssue(app, sim, {
    login: maintainerLogin.get(maintainer)!,
    target,
    title: 'Work',
    labels,
  });
  const pr = await sim.openPullRequest({
    ...target,
    author: whoLogin,
    title: 'A change',
    body: `Fixes #${String(tracked.number)}`,
  });
  // XP from independent maintainers lowers the contributor's price as the ring merges (decision 015).
  const amount = await stakePriceOf(app, who, tracked.githubId);
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/contributor/stakes',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { issueId: tracked.githubId, prUrl: pr.html_url, amount },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { prNumber: pr.number, stakeId: res.json().data._id, amount };
}

function merge(maintainer: Account, target: { owner: string; repo: string }, prNumber: number) {
  return app.server.inject({
    method: 'POST',
    url: `/api/maintainer/repos/${target.owner}/${target.repo}/pulls/${String(prNumber)}/merge`,
    headers: { authorization: `Bearer ${maintainer.token}` },
    payload: EVERYTHING,
  });
}

async function allowanceFor(
  maintainer: Account,
  target: { owner: string; repo: string },
  prNumber: number,
): Promise<RewardAllowance> {
  const res = await app.server.inject({
    method: 'GET',
    url: `/api/maintainer/repos/${target.owner}/${target.repo}/pulls/${String(prNumber)}/reward-allowance`,
    headers: { authorization: `Bearer ${maintainer.token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const OFFERED = computeMergeReward(EVERYTHING).xp;

/** GitHub's numeric ids of a merging account, a repository and its owner, as GitHub answers them. */
async function githubIdsOf(login: string, target: { owner: string; repo: string }) {
  const octokit = onGithub(login);
  const { data: user } = await octokit.rest.users.getByUsername({ username: login });
  const { data: repository } = await octokit.rest.repos.get(target);
  return { login: user.id, repository: repository.id, organization: repository.owner.id };
}

describe('hole 1: a pair of accounts manufacturing rank and coins', () => {
  it('offers 204 XP for a merge with everything: the figure the attack used', () => {
    expect(OFFERED).toBe(204);
  });

  it("five merges of a second account's pull requests count at most 300 XP and mint at most 600 coins", async () => {
    const nia = await contributor('newbie-nia');
    const xpBefore = await xpOf(nia);
    const walletBefore = await wallet(nia);
    const results = [];
    let staked = 0;
    for (let i = 0; i < 5; i++) {
      const { prNumber, stakeId, amount } = await stakedPullRequest(
        mia,
        RELEASE_BOT,
        nia,
        'newbie-nia',
      );
      staked += amount;
      const res = await merge(mia, RELEASE_BOT, prNumber);
      expect(res.statusCode).toBe(200);
      results.push({ result: res.json().data, stake: await stakeRow(stakeId) });
    }
    // The first merge counts in full, the second up to the limit, the rest nothing.
    expect(results.map((r) => r.result.xp)).toEqual([204, 96, 0, 0, 0]);
    expect(results.map((r) => r.stake.xpEarned)).toEqual([204, 96, 0, 0, 0]);
    expect(results[1]!.result).toMatchObject({
      xp: 96,
      coins: 192,
      xpOffered: 204,
      limitReason: 'maintainer_limit',
      stakeSettled: true,
    });
    expect(results.every((r) => r.stake.status === 'accepted')).toBe(true);
    // The contributor's stakes say what was not counted, and why.
    expect(results.map((r) => [r.stake.xpUncounted, r.stake.xpLimitReason])).toEqual([
      [0, null],
      [108, 'maintainer_limit'],
      [204, 'maintainer_limit'],
      [204, 'maintainer_limit'],
      [204, 'maintainer_limit'],
    ]);
    expect((await xpOf(nia)) - xpBefore).toBe(XP_LIMIT_PER_MAINTAINER);
    expect(await mintedFor(nia)).toBe(2 * XP_LIMIT_PER_MAINTAINER);
    // Every stake came back; nothing else reached the wallet.
    expect((await wallet(nia)) - walletBefore).toBe(2 * XP_LIMIT_PER_MAINTAINER);
    expect(staked).toBeGreaterThan(0);

    // Every grant says where it came from, and what it offered beyond the limit.
    const grants = await app.ctx.db
      .select()
      .from(xpEvents)
      .where(and(eq(xpEvents.userId, nia.user.id), eq(xpEvents.kind, 'merge_reward')));
    expect(grants).toHaveLength(5);
    const ids = await githubIdsOf('mia-maintainer', RELEASE_BOT);
    for (const grant of grants) {
      expect(grant).toMatchObject({
        sourceLogin: 'mia-maintainer',
        sourceLoginId: ids.login,
        sourceRepository: 'mia-maintainer/release-bot',
        sourceRepositoryId: ids.repository,
        sourceOrganization: 'mia-maintainer',
        sourceOrganizationId: ids.organization,
      });
      expect(grant.amount + grant.uncounted).toBe(204);
    }
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, nia.user.id));
    expect(row).toMatchObject({ xpMaintainers: 1, xpRepositories: 1 });

    // The merge dialog's preview now says that a sixth merge would count nothing, and why.
    const sixth = await stakedPullRequest(mia, RELEASE_BOT, nia, 'newbie-nia');
    const allowance = await allowanceFor(mia, RELEASE_BOT, sixth.prNumber);
    expect(allowance).toMatchObject({
      contributor: 'newbie-nia',
      standing: { level: 'established', percent: 100 },
      countedFromMaintainer: 300,
      countedFromOrganization: 300,
    });
    expect(countXp(OFFERED, allowance)).toMatchObject({ counted: 0, reason: 'maintainer_limit' });
  });

  it('a ring of maintainer accounts gains a contributor no more per GitHub identity than one does', async () => {
    const tess = await contributor('tess-tester');
    ringContributor = tess;
    const xpBefore = await xpOf(tess);
    const ring: [Account, { owner: string; repo: string }][] = [
      [mia, RELEASE_BOT],
      [fay, PIXEL_UI],
      [lena, STREAM_PIPE],
    ];
    for (const [maintainer, target] of ring) {
      for (let i = 0; i < 5; i++) {
        const { prNumber } = await stakedPullRequest(maintainer, target, tess, 'tess-tester');
        expect((await merge(maintainer, target, prNumber)).statusCode).toBe(200);
      }
    }
    const bySource = rowsOf<{ login: string; counted: number }>(
      await app.ctx.db.execute(sql`select source_login as login, sum(amount)::int as counted
        from xp_events where user_id = ${tess.user.id} and kind = 'merge_reward'
        group by source_login order by source_login`),
    );
    expect(bySource).toEqual([
      { login: 'frontend-fay', counted: XP_LIMIT_PER_MAINTAINER },
      { login: 'lena-pythonista', counted: XP_LIMIT_PER_MAINTAINER },
      { login: 'mia-maintainer', counted: XP_LIMIT_PER_MAINTAINER },
    ]);
    expect((await xpOf(tess)) - xpBefore).toBe(3 * XP_LIMIT_PER_MAINTAINER);
    expect(await mintedFor(tess)).toBe(6 * XP_LIMIT_PER_MAINTAINER);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, tess.user.id));
    expect(row).toMatchObject({ xpMaintainers: 3, xpRepositories: 3 });
  });

  it('companies see where the XP came from, and can ask for several independent maintainers', async () => {
    const company = await createUser(app, 'company');
    const read = async (url: string) => {
      const res = await app.server.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${company.token}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const profile = await read(`/api/company/contributors/${ringContributor.user.id}`);
    expect(profile).toMatchObject({ xpMaintainers: 3, xpRepositories: 3 });
    // Every merge names the maintainer who merged it and gave its ratings.
    expect(new Set(profile.verifiedWork.map((w: { mergedBy: string }) => w.mergedBy))).toEqual(
      new Set(['mia-maintainer', 'frontend-fay', 'lena-pythonista']),
    );
    const logins = async (query: string) =>
      (await read(`/api/company/contributors?limit=50&${query}`)) as {
        githubUsername: string;
        xpMaintainers: number;
      }[];
    const everyone = await logins('');
    expect(everyone.find((c) => c.githubUsername === 'newbie-nia')).toMatchObject({
      xpMaintainers: 1,
    });
    const independent = (await logins('minMaintainers=3')).map((c) => c.githubUsername);
    expect(independent).toContain('tess-tester');
    expect(independent).not.toContain('newbie-nia');
  });

  it('a new repository with no outside standing pays nothing until others star it', async () => {
    const devon = await contributor('devon-docs');
    const startingXp = await xpOf(devon);
    await onGithub('mia-maintainer').rest.repos.createForAuthenticatedUser({
      name: 'made-for-the-occasion',
    });
    const fresh = { owner: 'mia-maintainer', repo: 'made-for-the-occasion' };
    await connectRepository(app, base, mia, fresh);
    const first = await stakedPullRequest(mia, fresh, devon, 'devon-docs');
    const preview = await allowanceFor(mia, fresh, first.prNumber);
    expect(preview.standing).toEqual({ level: 'none', percent: 0 });
    const res = await merge(mia, fresh, first.prNumber);
    expect(res.json().data).toMatchObject({
      xp: 0,
      coins: 0,
      xpOffered: 204,
      limitReason: 'no_standing',
    });
    expect(await stakeRow(first.stakeId)).toMatchObject({ status: 'accepted', xpEarned: 0 });
    expect(await xpOf(devon)).toBe(startingXp);
    expect(await mintedFor(devon)).toBe(0);

    // Ten other GitHub users star it: it has standing, and the next merge counts.
    for (const login of [
      'octo-dev',
      'rita-reader',
      'prolific-pat',
      'sam-rustacean',
      'gopher-gus',
      'java-jane',
      'ruby-raj',
      'cpp-carlos',
      'ops-olga',
      'kai-kotlin',
    ])
      await onGithub(login).rest.activity.starRepoForAuthenticatedUser(fresh);
    const second = await stakedPullRequest(mia, fresh, devon, 'devon-docs');
    expect((await merge(mia, fresh, second.prNumber)).json().data).toMatchObject({
      xp: 204,
      coins: 408,
      limitReason: null,
    });
  });

  it('merges seen only on GitHub (no feedback) count under the same limits', async () => {
    const pat = await contributor('prolific-pat');
    const startingXp = await xpOf(pat);
    const earned = [];
    for (let i = 0; i < 4; i++) {
      // Advanced issues offer 100 XP each when merged without feedback.
      const { prNumber, stakeId } = await stakedPullRequest(fay, PIXEL_UI, pat, 'prolific-pat', [
        'advanced',
      ]);
      await sim.mergePullRequest({ ...PIXEL_UI, number: prNumber, by: 'frontend-fay' });
      await app.ctx.background.idle();
      earned.push(await stakeRow(stakeId));
    }
    expect(earned.map((s) => [s.status, s.settledBy, s.xpEarned])).toEqual([
      ['accepted', 'webhook', 100],
      ['accepted', 'webhook', 100],
      ['accepted', 'webhook', 100],
      ['accepted', 'webhook', 0],
    ]);
    expect((await xpOf(pat)) - startingXp).toBe(XP_LIMIT_PER_MAINTAINER);
    // The webhook's payload named the merging account and the repository by GitHub's ids too.
    const ids = await githubIdsOf('frontend-fay', PIXEL_UI);
    const grants = await app.ctx.db.select().from(xpEvents).where(eq(xpEvents.userId, pat.user.id));
    expect(grants.filter((g) => g.kind === 'merge_reward')).toHaveLength(4);
    for (const grant of grants.filter((g) => g.kind === 'merge_reward')) {
      expect(grant).toMatchObject({
        sourceLoginId: ids.login,
        sourceRepositoryId: ids.repository,
        sourceOrganizationId: ids.organization,
      });
    }
  });

  it('a GitHub account, repository or organization renamed between merges is still one source', async () => {
    const rob = await createUser(app, 'contributor');
    const startingXp = await xpOf(rob);
    const standing = { stargazersCount: 40, forksCount: 6, createdAt: '2020-01-01T00:00:00Z' };
    // One person's account (id 7001), repository (7002) and organization (7003), under the names
    // of before and after a rename on GitHub; and an independent maintainer in the same
    // organization (7011, 7012).
    const before = {
      mergedByLogin: 'old-name',
      mergedById: 7001,
      repositoryFullName: 'old-org/tool',
      repositoryId: 7002,
      repositoryOwnerId: 7003,
      repository: standing,
    };
    const after = {
      ...before,
      mergedByLogin: 'new-name',
      repositoryFullName: 'new-org/renamed-tool',
    };
    const colleague = {
      ...after,
      mergedByLogin: 'colleague',
      mergedById: 7011,
      repositoryFullName: 'new-org/other-tool',
      repositoryId: 7012,
    };
    const pay = (source: MergeSource, reference: string) =>
      inTransaction(app.ctx.db, async (tx) => {
        await lockXpOf(tx, rob.user.id);
        return payMergeReward(tx, {
          userId: rob.user.id,
          xp: OFFERED,
          source,
          reference,
          keyPrefix: 'rename-test',
          at: new Date(),
        });
      });
    expect(await pay(before, 'rename-1')).toMatchObject({ counted: 204, reason: null });
    // The same account under its new name has only what is left of its 300.
    expect(await pay(after, 'rename-2')).toMatchObject({
      counted: XP_LIMIT_PER_MAINTAINER - 204,
      reason: 'maintainer_limit',
    });
    const [renamed] = await app.ctx.db.select().from(users).where(eq(users.id, rob.user.id));
    expect(renamed).toMatchObject({ xpMaintainers: 1, xpRepositories: 1 });
    // Another account of the renamed organization counts, within the organization's 600.
    expect(await pay(colleague, 'rename-3')).toMatchObject({ counted: 204, reason: null });
    expect(await pay({ ...colleague, mergedByLogin: 'colleague-2' }, 'rename-4')).toMatchObject({
      counted: XP_LIMIT_PER_MAINTAINER - 204,
      reason: 'maintainer_limit',
    });
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, rob.user.id));
    expect(row).toMatchObject({ xpMaintainers: 2, xpRepositories: 2 });
    expect(row!.xp - startingXp).toBe(2 * XP_LIMIT_PER_MAINTAINER);
  });

  it('merges racing for one contributor never count the same allowance twice (a race on PostgreSQL)', async () => {
    const raj = await contributor('ruby-raj');
    // Five open stakes at once: more than a Code Novice may hold (decision 015).
    await grantTestXp(app, raj, 500);
    const startingXp = await xpOf(raj);
    const prs = [];
    for (let i = 0; i < 5; i++)
      prs.push(await stakedPullRequest(lena, STREAM_PIPE, raj, 'ruby-raj'));
    const answers = await Promise.all(prs.map((pr) => merge(lena, STREAM_PIPE, pr.prNumber)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Whatever order they committed in: one counted in full, one up to the limit, three nothing.
    const counted = answers.map((a) => a.json().data.xp as number).sort((a, b) => a - b);
    expect(counted).toEqual([0, 0, 0, 96, 204]);
    expect((await xpOf(raj)) - startingXp).toBe(XP_LIMIT_PER_MAINTAINER);
    expect(await mintedFor(raj)).toBe(2 * XP_LIMIT_PER_MAINTAINER);
  });
});

describe('hole 6: a merge cut by a crash', () => {
  /** Merges in the app on a server that stops after GitHub merged, before its own transaction. */
  async function mergeCutByACrash(prNumber: number, feedback: MergeFeedback): Promise<void> {
    // The database refuses every transaction, as a killed process would never open one.
    const killed = new Proxy(app.ctx.db, {
      get: (target, key, receiver) =>
        key === 'transaction'
          ? () => Promise.reject(new Error('the server was killed'))
          : (Reflect.get(target, key, receiver) as unknown),
    });
    await expect(
      mergePullRequest(
        { userId: mia.user.id, ...RELEASE_BOT, pullNumber: prNumber, feedback },
        { ...app.ctx, db: killed },
      ),
    ).rejects.toThrow('the server was killed');
    await sim.idle();
    await app.ctx.background.idle();
  }

  /** The claim's window passes: from now on it is a merge that died, not a slow one. */
  const claimGoesStale = (prNumber: number) =>
    app.ctx.db
      .update(mergedPullRequests)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(
        and(
          eq(mergedPullRequests.repositoryFullName, 'mia-maintainer/release-bot'),
          eq(mergedPullRequests.prNumber, prNumber),
        ),
      );

  const claimOf = async (prNumber: number) =>
    (
      await app.ctx.db
        .select()
        .from(mergedPullRequests)
        .where(
          and(
            eq(mergedPullRequests.repositoryFullName, 'mia-maintainer/release-bot'),
            eq(mergedPullRequests.prNumber, prNumber),
          ),
        )
    )[0];

  const feedback: MergeFeedback = {
    ratings: { codeQuality: 5, documentation: 5, testing: 5, performance: 5, security: 5 },
    tags: ['codeCleanup'],
    complexity: [],
    bonuses: [],
  };

  it("settles the stake from the maintainer's stored feedback, not the issue's default reward", async () => {
    const jane = await contributor('java-jane');
    // A beginner issue: merged without feedback it pays 25 XP and 50 coins.
    const { prNumber, stakeId } = await stakedPullRequest(mia, RELEASE_BOT, jane, 'java-jane');
    expect(computeMergeReward(feedback).xp).toBe(32);
    await mergeCutByACrash(prNumber, feedback);
    const { data: onGithubNow } = await onGithub('mia-maintainer').rest.pulls.get({
      ...RELEASE_BOT,
      pull_number: prNumber,
    });
    expect(onGithubNow.merged).toBe(true);
    // The webhook came; the claim says an in-app merge is paying for it, so it left the stake,
    // and so does the poll.
    await pollPullRequests(app.ctx);
    expect(await stakeRow(stakeId)).toMatchObject({ status: 'pending' });
    // While the claim is fresh the merge may only be slow: nothing finishes it yet.
    expect(await finishInAppMerges(app.ctx)).toBe(0);

    await claimGoesStale(prNumber);
    const before = await wallet(jane);
    expect(await finishInAppMerges(app.ctx)).toBe(1);
    expect(await stakeRow(stakeId)).toMatchObject({
      status: 'accepted',
      settledBy: 'merge',
      xpEarned: 32,
      coinsEarned: 64,
    });
    expect((await wallet(jane)) - before).toBe(5 + 64);
    expect((await claimOf(prNumber))?.mergedAt).toBeInstanceOf(Date);
    // Once: the next run finds nothing left to finish.
    expect(await finishInAppMerges(app.ctx)).toBe(0);
  });

  it('pays the author of a pull request nobody staked on from the stored feedback too', async () => {
    const rita = await contributor('rita-reader');
    const xpBefore = await xpOf(rita);
    const pr = await sim.openPullRequest({
      ...RELEASE_BOT,
      author: 'rita-reader',
      title: 'Unstaked work',
      body: 'A fix nobody staked on',
    });
    await mergeCutByACrash(pr.number, feedback);
    await claimGoesStale(pr.number);
    expect(await finishInAppMerges(app.ctx)).toBe(1);
    expect((await xpOf(rita)) - xpBefore).toBe(32);
    expect(await mintedFor(rita)).toBe(64);
  });

  it('drops the claim of a merge GitHub never made once the pull request is closed; the close settled the stake', async () => {
    const sam = await contributor('sam-rustacean');
    const { prNumber, stakeId, amount } = await stakedPullRequest(
      mia,
      RELEASE_BOT,
      sam,
      'sam-rustacean',
    );
    // What a server killed before GitHub merged leaves: a claim, the pull request still open.
    const [claim] = await app.ctx.db
      .insert(mergedPullRequests)
      .values({
        repositoryFullName: 'mia-maintainer/release-bot',
        prNumber,
        authorLogin: 'sam-rustacean',
        authorUserId: sam.user.id,
        mergedBy: mia.user.id,
        feedback,
        xp: 32,
        coins: 64,
      })
      .returning();
    await claimGoesStale(prNumber);
    // Still open: left for the maintainer, whose next merge takes the claim over.
    expect(await finishInAppMerges(app.ctx)).toBe(0);
    expect(await claimOf(prNumber)).toMatchObject({ id: claim!.id });

    // Closed on GitHub: a claim holds back only a merge's payment, so the close settles the
    // stake at once (unreviewed: in full), and the dead claim is dropped.
    const before = await wallet(sam);
    await sim.closePullRequest({ ...RELEASE_BOT, number: prNumber, by: 'sam-rustacean' });
    expect(await stakeRow(stakeId)).toMatchObject({ status: 'expired', settledBy: 'webhook' });
    expect((await wallet(sam)) - before).toBe(amount);
    expect(await finishInAppMerges(app.ctx)).toBe(0);
    expect(await claimOf(prNumber)).toBeUndefined();
  });
});
