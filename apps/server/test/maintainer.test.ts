import type { GithubSim } from '@openstake/github-sim';
import { Octokit } from '@octokit/rest';
import { MAINTAINER_STARTING_COINS, computeMergeReward, type MergeFeedback } from '@openstake/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bountyIssues, mergedPullRequests, stakes, trackedIssues, users } from '../src/db/schema';
import { PLATFORM_FEES, getBalance, walletOf } from '../src/modules/ledger/accounts';
import { pollBountyIssues } from '../src/modules/stakes/poll-bounty-issues';
import { finishInAppMerges } from '../src/modules/pull-requests/finish-in-app-merges';
import { pollPullRequests } from '../src/modules/stakes/poll-pull-requests';
import { dispatchGithubEvents } from '../src/modules/github-events/dispatch-github-events';
import { bountyEscrowOf } from '../src/modules/ledger/accounts';
import { createUser, type Account } from './helpers/factories';
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
let rita: Account;
let miaOnGithub: Octokit;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  world = stakeWorld(app, sim);
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  rita = await createUser(app, 'maintainer', { githubUsername: 'rita-reader' });
  await linkGithub(base, octo, 'octo-dev');
  await linkGithub(base, mia, 'mia-maintainer');
  await linkGithub(base, rita, 'rita-reader');
  miaOnGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  await connectRepository(app, base, mia, REPO);
});
afterAll(() => app.close());

const as = (who: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.server.inject({ method, url, headers: { cookie: who.cookie }, payload });
const wallet = (account: Account) => getBalance(app.ctx.db, walletOf(account.user.id));
const xpOf = async (account: Account) =>
  (await app.ctx.db.select().from(users).where(eq(users.id, account.user.id)))[0]!.xp;
const bountyBody = (overrides: object = {}) => ({
  ...REPO,
  title: 'Speed up settlement',
  body: 'Settlement takes too long.',
  labels: ['enhancement'],
  assignees: [],
  milestone: null,
  stakeAmount: 10,
  bountyAmount: 100,
  ...overrides,
});
const createBounty = async (overrides: object = {}, who: Account = mia) => {
  const res = await as(who, 'POST', '/api/maintainer/bounty-issues', bountyBody(overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ data: { issueId: number; number: number } }>().data;
};
const stakeOn = async (issueId: number, issueNumber: number, amount: number) => {
  const pr = await world.openPullRequest('octo-dev', issueNumber);
  const res = await as(octo, 'POST', '/api/contributor/stakes', {
    issueId,
    prUrl: pr.url,
    amount,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { pr, stakeId: res.json<{ data: { _id: string } }>().data._id };
};
/** The bounty the issue's page advertises to a contributor. */
const advertisedBounty = async (issueId: number) =>
  (await as(octo, 'POST', `/api/contributor/issue-details/${String(issueId)}`, {})).json<{
    data: { issue: { bounty: number } };
  }>().data.issue.bounty;
const ratings = (r: Partial<MergeFeedback['ratings']> = {}) => ({
  codeQuality: 0,
  documentation: 0,
  testing: 0,
  performance: 0,
  security: 0,
  ...r,
});
const merge = (number: number, feedback: MergeFeedback, who: Account = mia) =>
  as(who, 'POST', `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${number}/merge`, feedback);
const githubPull = async (number: number) =>
  (await miaOnGithub.rest.pulls.get({ ...REPO, pull_number: number })).data;
const stakeRow = async (id: string) =>
  (await app.ctx.db.select().from(stakes).where(eq(stakes.id, id)))[0]!;

// Each test stakes the amounts it names: a rejection in an earlier test would price Octo's next
// stake at 1.5x for 90 days (decision 015), so his rejections are dated out of that window.
afterEach(async () => {
  await app.ctx.db
    .update(stakes)
    .set({ settledAt: sql`${stakes.settledAt} - interval '91 days'` })
    .where(and(eq(stakes.userId, octo.user.id), eq(stakes.status, 'rejected')));
});

describe('the public configuration', () => {
  it("gives the web app GitHub's web address (the simulator's in demo mode)", async () => {
    const res = await app.server.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      success: true,
      data: {
        demoMode: true,
        githubWebUrl: sim.webUrl,
        escrowAddress: null,
        chain: null,
        // Demo mode registers OpenStake's GitHub App on the simulator.
        githubApp: {
          slug: 'openstake',
          installUrl: `${sim.webUrl}/apps/openstake/installations/new`,
        },
      },
    });
  });
});

describe('coins for bounties', () => {
  it(`gives a new maintainer ${MAINTAINER_STARTING_COINS} coins to fund bounties`, async () => {
    const fresh = await createUser(app, 'maintainer');
    const res = await as(fresh, 'GET', '/api/maintainer/balance');
    expect(res.json()).toEqual({ success: true, data: { coins: MAINTAINER_STARTING_COINS } });
  });
});

describe("the maintainer's GitHub repositories", () => {
  it('lists them with visibility, push permission and the OpenStake connection', async () => {
    const res = await as(mia, 'GET', '/api/maintainer/github/repositories');
    expect(res.statusCode).toBe(200);
    const repos = res.json<{
      data: {
        full_name: string;
        canPush: boolean;
        connection: unknown;
        visibility: string;
        private: boolean;
      }[];
    }>().data;
    const engine = repos.find((r) => r.full_name === REPO_FULL_NAME)!;
    expect(engine).toMatchObject({ canPush: true, visibility: 'Public', private: false });
    expect(engine.connection).toMatchObject({ deductionPercent: 10 });
    const internal = repos.find((r) => r.full_name === 'openstake-labs/internal-tools')!;
    expect(internal).toMatchObject({ private: true, visibility: 'Private', connection: null });
  });

  it('asks for GitHub first when the account is not linked', async () => {
    const unlinked = await createUser(app, 'maintainer');
    const res = await as(unlinked, 'GET', '/api/maintainer/github/repositories');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'GITHUB_AUTH_REQUIRED' });
  });
});

describe('creating an issue with a stake and a bounty', () => {
  it('creates the GitHub issue with stake and bounty labels and escrows bounty + 5% fee', async () => {
    const before = await wallet(mia);
    const feesBefore = await getBalance(app.ctx.db, PLATFORM_FEES);
    const res = await as(
      mia,
      'POST',
      '/api/maintainer/bounty-issues',
      bountyBody({ assignees: ['octo-dev'], labels: ['bug', 'good first issue'] }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      title: 'Speed up settlement',
      stakeAmount: 10,
      bountyAmount: 100,
      fee: 5,
      balance: before - 105,
      chainBounty: null,
    });
    const { data: issue } = await miaOnGithub.rest.issues.get({
      ...REPO,
      issue_number: created.number,
    });
    expect(issue.labels.map((l) => (typeof l === 'string' ? l : l.name)).sort()).toEqual(
      ['bounty-100', 'bug', 'good first issue', 'stake-10'].sort(),
    );
    expect(issue.assignees?.map((a) => a.login)).toEqual(['octo-dev']);
    expect(await wallet(mia)).toBe(before - 105);
    expect(await getBalance(app.ctx.db, bountyEscrowOf(created.issueId))).toBe(100);
    expect(await getBalance(app.ctx.db, PLATFORM_FEES)).toBe(feesBefore + 5);
    const [tracked] = await app.ctx.db
      .select()
      .from(trackedIssues)
      .where(eq(trackedIssues.githubId, created.issueId));
    expect(tracked).toMatchObject({ stakingRequired: 10, bounty: 100, difficulty: 'beginner' });
  });

  it('suggests open bounty issues to contributors, with their stake and bounty', async () => {
    const bounty = await createBounty({
      title: 'Suggested bounty',
      stakeAmount: 5,
      bountyAmount: 40,
    });
    const res = await as(octo, 'POST', '/api/contributor/suggested-issues', {});
    const suggested = res.json().data.issues.find((i: { id: number }) => i.id === bounty.issueId);
    expect(suggested).toMatchObject({ stakingRequired: 5, bounty: 40 });
  });

  it('links the pull request an issue is opened for', async () => {
    const linked = await createBounty({
      title: 'For a PR',
      bountyAmount: 1,
      body: 'Needs a follow-up.',
      pullRequestNumber: 3,
    });
    const { data } = await miaOnGithub.rest.issues.get({ ...REPO, issue_number: linked.number });
    expect(data.body).toBe('Needs a follow-up.\n\nOpened for pull request #3.');
    const already = await createBounty({
      title: 'Mentions it',
      bountyAmount: 1,
      body: 'Follows #3.',
      pullRequestNumber: 3,
    });
    const second = await miaOnGithub.rest.issues.get({ ...REPO, issue_number: already.number });
    expect(second.data.body).toBe('Follows #3.');
  });

  it('tells the pull request an issue is opened for how its author wins the bounty', async () => {
    const pr = await world.openPullRequest('octo-dev', 1);
    const bounty = await createBounty({
      title: 'Bounty for an open pull request',
      stakeAmount: 5,
      bountyAmount: 30,
      pullRequestNumber: pr.number,
    });
    const { data: comments } = await miaOnGithub.rest.issues.listComments({
      ...REPO,
      issue_number: pr.number,
    });
    expect(comments.map((c) => [c.user?.login, c.body])).toEqual([
      [
        'mia-maintainer',
        `A bounty of 30 coins was opened for this pull request: #${String(bounty.number)}.\n\n` +
          `To win it, this pull request's description must close the issue (for example \`Fixes #${String(bounty.number)}\`), and its author stakes 5 coins on it on OpenStake. The bounty is paid when the pull request is merged.`,
      ],
    ]);
  });

  it("refuses bad input with the product's messages and creates nothing", async () => {
    const before = await wallet(mia);
    const cases: [object, string][] = [
      [{ owner: '' }, 'owner: Owner and Repository are required'],
      [{ repo: '  ' }, 'repo: Owner and Repository are required'],
      [{ title: '   ' }, 'title: Title is required'],
      [{ stakeAmount: 0 }, 'stakeAmount: A valid stake amount is required'],
      [{ bountyAmount: -5 }, 'bountyAmount: A valid bounty amount is required'],
      [{ bountyAmount: 2.5 }, 'bountyAmount: Amounts are whole coins'],
      [{ labels: ['wontfix'] }, 'labels.0: Unknown label'],
      [{ chainBounty: '1e3' }, 'chainBounty: The chain bounty must be an amount such as 1.5'],
      [{ chainBounty: '0.00' }, 'chainBounty: The chain bounty must be more than 0'],
      // No ledger network on this server: a chain bounty could never be paid in.
      [
        { chainBounty: '1.5' },
        'No ledger network is configured on this server: a chain bounty cannot be paid',
      ],
    ];
    for (const [override, message] of cases) {
      const res = await as(mia, 'POST', '/api/maintainer/bounty-issues', bountyBody(override));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await wallet(mia)).toBe(before);
  });

  it('refuses a bounty the maintainer cannot pay before creating anything on GitHub', async () => {
    const before = await wallet(mia);
    const { data: openBefore } = await miaOnGithub.rest.issues.listForRepo({
      ...REPO,
      state: 'all',
      per_page: 100,
    });
    const res = await as(
      mia,
      'POST',
      '/api/maintainer/bounty-issues',
      bountyBody({ bountyAmount: before }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `This bounty needs ${before + Math.ceil(before / 20)} coins (${before} bounty + ${Math.ceil(before / 20)} fee); you have ${before}`,
    );
    const { data: openAfter } = await miaOnGithub.rest.issues.listForRepo({
      ...REPO,
      state: 'all',
      per_page: 100,
    });
    expect(openAfter.length).toBe(openBefore.length);
  });

  it('reports GitHub down as GitHub unavailable (502) and moves no coins', async () => {
    const before = await wallet(mia);
    const bountiesBefore = await app.ctx.db.select().from(bountyIssues);
    sim.failNext({ method: 'POST', pathPattern: /^\/repos\/[^/]+\/[^/]+\/issues$/, status: 500 });
    const res = await as(mia, 'POST', '/api/maintainer/bounty-issues', bountyBody());
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'GITHUB_UNAVAILABLE',
      message: 'GitHub is not responding right now. Please try again shortly.',
    });
    expect(await wallet(mia)).toBe(before);
    expect(await app.ctx.db.select().from(bountyIssues)).toHaveLength(bountiesBefore.length);
  });

  it('needs push permission on the repository', async () => {
    const res = await as(rita, 'POST', '/api/maintainer/bounty-issues', bountyBody());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'You need push access to openstake-labs/stake-engine on GitHub for this',
    );
  });
});

describe('merging a pull request with feedback', () => {
  // Tags 12 + 5 = 17, x 1.5 (largest multiplier) = 25.5 -> 26; ratings 20; bonuses 20: 66 XP.
  const feedback: MergeFeedback = {
    ratings: ratings({ codeQuality: 4, documentation: 4, testing: 4, performance: 4, security: 4 }),
    tags: ['bugFix', 'docs'],
    complexity: ['multipleModules', 'testsOrPerformance'],
    bonuses: ['bountyBacked', 'meaningfulTests'],
  };

  it('merges on GitHub, returns the stake, pays the bounty and the rated reward, once', async () => {
    const bounty = await createBounty({ title: 'Bounty to merge' });
    const { pr, stakeId } = await stakeOn(bounty.issueId, bounty.number, 10);
    const coinsBefore = await wallet(octo);
    const xpBefore = await xpOf(octo);

    const res = await merge(pr.number, feedback);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      xp: 66,
      coins: 132,
      contributor: 'octo-dev',
      stakeSettled: true,
      bountyPaid: 100,
    });
    expect(await githubPull(pr.number)).toMatchObject({ merged: true, state: 'closed' });
    expect(await wallet(octo)).toBe(coinsBefore + 10 + 132 + 100);
    expect(await xpOf(octo)).toBe(xpBefore + 66);
    expect(await stakeRow(stakeId)).toMatchObject({
      status: 'accepted',
      settledBy: 'merge',
      xpEarned: 66,
      coinsEarned: 232,
      bountyEarned: 100,
    });
    expect(await getBalance(app.ctx.db, bountyEscrowOf(bounty.issueId))).toBe(0);
    // Paid: the issue no longer advertises it.
    expect(await advertisedBounty(bounty.issueId)).toBe(0);

    // GitHub's webhook about the merge, the poll and a second merge change nothing.
    await sim.idle();
    await dispatchGithubEvents(app.ctx);
    await pollPullRequests(app.ctx);
    const again = await merge(pr.number, feedback);
    expect(again.statusCode).toBe(409);
    expect(await wallet(octo)).toBe(coinsBefore + 242);
    expect(await xpOf(octo)).toBe(xpBefore + 66);

    const list = await as(octo, 'GET', '/api/contributor/stakes');
    expect(list.json().data.find((s: { _id: string }) => s._id === stakeId)).toMatchObject({
      status: 'accepted',
      coinsEarned: 232,
      bountyEarned: 100,
      xpEarned: 66,
    });
  });

  it('pays the rated reward once when two merges and the poll race (proved on PostgreSQL)', async () => {
    const bounty = await createBounty({ title: 'Bounty raced', bountyAmount: 20 });
    const { pr, stakeId } = await stakeOn(bounty.issueId, bounty.number, 10);
    const coinsBefore = await wallet(octo);
    const [first, second] = await Promise.all([
      merge(pr.number, feedback),
      merge(pr.number, feedback),
      pollPullRequests(app.ctx),
      pollPullRequests(app.ctx),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    await sim.idle();
    await dispatchGithubEvents(app.ctx);
    await pollPullRequests(app.ctx);
    expect(await stakeRow(stakeId)).toMatchObject({
      status: 'accepted',
      settledBy: 'merge',
      xpEarned: 66,
      bountyEarned: 20,
    });
    expect(await wallet(octo)).toBe(coinsBefore + 10 + 132 + 20);
  });

  it('keeps the webhook and the poll off a stake while an in-app merge is paying for it', async () => {
    const bounty = await createBounty({
      title: 'Bounty claimed by an in-app merge',
      bountyAmount: 20,
    });
    const { pr, stakeId } = await stakeOn(bounty.issueId, bounty.number, 10);
    // The moment between GitHub's merge and the in-app merge's transaction: the claim exists.
    const [claim] = await app.ctx.db
      .insert(mergedPullRequests)
      .values({
        repositoryFullName: REPO_FULL_NAME,
        prNumber: pr.number,
        authorLogin: 'octo-dev',
        mergedBy: mia.user.id,
        feedback: feedback,
        xp: computeMergeReward(feedback).xp,
      })
      .returning();
    await sim.mergePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    await dispatchGithubEvents(app.ctx);
    await pollPullRequests(app.ctx);
    expect(await stakeRow(stakeId)).toMatchObject({ status: 'pending' });

    // A claim left by a merge that crashed after GitHub merged: once its window has passed, the
    // job finishes the merge from the stored feedback (the poll still leaves it to the merge).
    await app.ctx.db
      .update(mergedPullRequests)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(mergedPullRequests.id, claim!.id));
    await pollPullRequests(app.ctx);
    expect(await stakeRow(stakeId)).toMatchObject({ status: 'pending' });
    expect(await finishInAppMerges(app.ctx)).toBe(1);
    const settled = await stakeRow(stakeId);
    expect(settled).toMatchObject({ status: 'accepted', settledBy: 'merge', bountyEarned: 20 });
    expect(settled.xpEarned + settled.xpUncounted).toBe(computeMergeReward(feedback).xp);
  });

  it('takes over the claim of a merge that died before GitHub merged, once the claim is stale', async () => {
    const bounty = await createBounty({ title: 'Bounty whose merge died', bountyAmount: 20 });
    const { pr, stakeId } = await stakeOn(bounty.issueId, bounty.number, 10);
    // What a server killed between its claim and GitHub's merge leaves: the pull request open.
    const [claim] = await app.ctx.db
      .insert(mergedPullRequests)
      .values({
        repositoryFullName: REPO_FULL_NAME,
        prNumber: pr.number,
        authorLogin: 'octo-dev',
        mergedBy: rita.user.id,
        feedback: { ...feedback, tags: [] },
      })
      .returning();
    // While it is fresh it may be a slow merge, not a dead one.
    expect((await merge(pr.number, feedback)).statusCode).toBe(409);
    expect(await githubPull(pr.number)).toMatchObject({ state: 'open', merged: false });

    await app.ctx.db
      .update(mergedPullRequests)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(mergedPullRequests.id, claim!.id));
    const retried = await merge(pr.number, feedback);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ stakeSettled: true, xp: 66, bountyPaid: 20 });
    expect(await stakeRow(stakeId)).toMatchObject({
      status: 'accepted',
      settledBy: 'merge',
      xpEarned: 66,
      bountyEarned: 20,
    });
    const claims = await app.ctx.db
      .select()
      .from(mergedPullRequests)
      .where(
        and(
          eq(mergedPullRequests.repositoryFullName, REPO_FULL_NAME),
          eq(mergedPullRequests.prNumber, pr.number),
        ),
      );
    expect(claims).toEqual([
      expect.objectContaining({ mergedBy: mia.user.id, xp: 66, mergedAt: expect.any(Date) }),
    ]);
  });

  it('pays an OpenStake author without a stake, and nobody for an outsider', async () => {
    const issue = await world.createIssue();
    const own = await world.openPullRequest('octo-dev', issue.number);
    const coinsBefore = await wallet(octo);
    const xpBefore = await xpOf(octo);
    const onlyQuality = {
      ratings: ratings({ codeQuality: 5 }),
      tags: [],
      complexity: [],
      bonuses: [],
    };
    const res = await merge(own.number, onlyQuality);
    expect(res.json().data).toMatchObject({
      xp: 5,
      coins: 10,
      contributor: 'octo-dev',
      stakeSettled: false,
      bountyPaid: 0,
    });
    expect(await wallet(octo)).toBe(coinsBefore + 10);
    expect(await xpOf(octo)).toBe(xpBefore + 5);

    const outsider = await world.openPullRequest('newbie-nia', issue.number);
    const res2 = await merge(outsider.number, {
      ...onlyQuality,
      tags: ['uiFix'],
      complexity: ['userFacingFlows'],
    });
    expect(res2.statusCode).toBe(200);
    expect(res2.json().data).toMatchObject({ xp: 0, coins: 0, contributor: null });
    expect(await githubPull(outsider.number)).toMatchObject({ merged: true });
  });

  it('changes nothing when GitHub fails to merge, and can be retried', async () => {
    const bounty = await createBounty({ title: 'Bounty with a failing merge' });
    const { pr, stakeId } = await stakeOn(bounty.issueId, bounty.number, 10);
    const coinsBefore = await wallet(octo);
    sim.failNext({
      method: 'PUT',
      pathPattern: /^\/repos\/[^/]+\/[^/]+\/pulls\/\d+\/merge$/,
      status: 500,
    });
    const failed = await merge(pr.number, feedback);
    expect(failed.statusCode).toBe(502);
    expect(await githubPull(pr.number)).toMatchObject({ merged: false, state: 'open' });
    expect(await stakeRow(stakeId)).toMatchObject({ status: 'pending' });
    expect(await wallet(octo)).toBe(coinsBefore);
    expect(await getBalance(app.ctx.db, bountyEscrowOf(bounty.issueId))).toBe(100);
    expect(
      await app.ctx.db
        .select()
        .from(mergedPullRequests)
        .where(
          and(
            eq(mergedPullRequests.repositoryFullName, REPO_FULL_NAME),
            eq(mergedPullRequests.prNumber, pr.number),
          ),
        ),
    ).toEqual([]);

    const retried = await merge(pr.number, feedback);
    expect(retried.statusCode).toBe(200);
    expect(await stakeRow(stakeId)).toMatchObject({ status: 'accepted', bountyEarned: 100 });
  });

  it('needs at least one rating point, known options and push permission', async () => {
    const issue = await world.createIssue();
    const pr = await world.openPullRequest('octo-dev', issue.number);
    const zero = await merge(pr.number, {
      ratings: ratings(),
      tags: [],
      complexity: [],
      bonuses: [],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe(
      'Rate the pull request on at least one criterion before merging',
    );
    const unknown = await as(
      mia,
      'POST',
      `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${pr.number}/merge`,
      {
        ratings: ratings({ testing: 6 }),
        tags: ['magic'],
        complexity: [],
        bonuses: [],
      },
    );
    expect(unknown.statusCode).toBe(400);
    const denied = await merge(pr.number, { ...feedback }, rita);
    expect(denied.statusCode).toBe(403);
    expect(await githubPull(pr.number)).toMatchObject({ merged: false, state: 'open' });
  });
});

describe('closing a pull request', () => {
  it('closes it on GitHub and refunds a stake nobody reviewed', async () => {
    const bounty = await createBounty({ title: 'Bounty closed unreviewed' });
    const { pr, stakeId } = await stakeOn(bounty.issueId, bounty.number, 10);
    const before = await wallet(octo);
    const res = await as(
      mia,
      'POST',
      `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${pr.number}/close`,
    );
    expect(res.json()).toEqual({ success: true, data: { stakeOutcome: 'expired' } });
    expect(await githubPull(pr.number)).toMatchObject({ state: 'closed', merged: false });
    expect(await stakeRow(stakeId)).toMatchObject({ status: 'expired', settledBy: 'close' });
    expect(await wallet(octo)).toBe(before + 10);
    // The bounty stays in escrow for the next contributor.
    expect(await getBalance(app.ctx.db, bountyEscrowOf(bounty.issueId))).toBe(100);
  });

  it("deducts the repository's percent from a reviewed stake", async () => {
    const bounty = await createBounty({ title: 'Bounty closed after review', stakeAmount: 50 });
    const { pr, stakeId } = await stakeOn(bounty.issueId, bounty.number, 50);
    await sim.reviewPullRequest({
      ...REPO,
      number: pr.number,
      reviewer: 'mia-maintainer',
      state: 'CHANGES_REQUESTED',
    });
    const before = await wallet(octo);
    const res = await as(
      mia,
      'POST',
      `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${pr.number}/close`,
    );
    expect(res.json().data).toEqual({ stakeOutcome: 'rejected' });
    expect(await stakeRow(stakeId)).toMatchObject({ status: 'rejected', coinsLost: 5 });
    expect(await wallet(octo)).toBe(before + 45);
  });
});

describe('pull requests and issues of a repository', () => {
  it('lists open pull requests with the coins staked on them', async () => {
    const bounty = await createBounty({ title: 'Bounty with a listed PR', stakeAmount: 25 });
    const { pr } = await stakeOn(bounty.issueId, bounty.number, 25);
    const unstaked = await world.openPullRequest('newbie-nia', bounty.number);
    const res = await as(mia, 'GET', `/api/maintainer/repos/${REPO_FULL_NAME}/pulls`);
    expect(res.statusCode).toBe(200);
    type Listed = { number: number; stakeAmount: number | null; state: string };
    const queue = res.json<{
      data: { pullRequests: Listed[]; unstakedOnBounties: Listed[] };
    }>().data;
    expect(queue.pullRequests.find((p) => p.number === pr.number)).toMatchObject({
      stakeAmount: 25,
      state: 'open',
    });
    // Unstaked on a bounty issue: apart, for the screen to fold away.
    expect(queue.unstakedOnBounties.find((p) => p.number === unstaked.number)).toMatchObject({
      stakeAmount: null,
    });
    const pulls = [...queue.pullRequests, ...queue.unstakedOnBounties];
    expect(pulls.every((p) => p.state === 'open')).toBe(true);

    const detail = await as(
      mia,
      'GET',
      `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${pr.number}`,
    );
    expect(detail.json().data).toMatchObject({
      number: pr.number,
      stakeAmount: 25,
      user: { login: 'octo-dev' },
    });
    expect(typeof detail.json().data.changed_files).toBe('number');
  });

  it('lists open issues without pull requests, and finds a related issue with its amounts', async () => {
    const bounty = await createBounty({
      title: 'Bounty to relate',
      stakeAmount: 5,
      bountyAmount: 50,
    });
    await world.openPullRequest('octo-dev', bounty.number);
    const res = await as(mia, 'GET', `/api/maintainer/repos/${REPO_FULL_NAME}/issues`);
    const issues = res.json<{ data: { number: number; html_url: string }[] }>().data;
    expect(issues.some((i) => i.number === bounty.number)).toBe(true);
    expect(issues.every((i) => !i.html_url.includes('/pull/'))).toBe(true);

    const related = await as(
      mia,
      'GET',
      `/api/maintainer/repos/${REPO_FULL_NAME}/issues/${bounty.number}`,
    );
    expect(related.json().data).toMatchObject({
      number: bounty.number,
      title: 'Bounty to relate',
      stakingRequired: 5,
      bountyAmount: 50,
    });
    const missing = await as(mia, 'GET', `/api/maintainer/repos/${REPO_FULL_NAME}/issues/99999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('GitHub lookup failed: issue #99999 was not found');
  });

  it('pages past pull requests: a page of none but pull requests still has a next page', async () => {
    // GitHub's issue pages count pull requests. Thirty pull requests newer than an issue fill
    // the first page; the issue is on a later one, and the list must still reach it.
    const target = { owner: 'mia-maintainer', repo: 'mia-notes' };
    const { data: older } = await miaOnGithub.rest.issues.create({
      ...target,
      title: 'An issue behind thirty pull requests',
    });
    for (let n = 0; n < 30; n++) {
      await sim.openPullRequest({ ...target, author: 'mia-maintainer', title: `Change ${n}` });
    }
    const pageOf = async (page: number) => {
      const res = await as(
        mia,
        'GET',
        `/api/maintainer/repos/mia-maintainer/mia-notes/issues?page=${page}`,
      );
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { number: number }[]; nextPage: number | null }>();
    };
    const first = await pageOf(1);
    expect(first).toMatchObject({ data: [], nextPage: 2 });

    const seen: number[] = [];
    let next: number | null = first.nextPage;
    while (next !== null) {
      const page = await pageOf(next);
      seen.push(...page.data.map((i) => i.number));
      expect(page.nextPage === null || page.nextPage === next + 1).toBe(true);
      next = page.nextPage;
    }
    expect(seen).toContain(older.number);
  });
});

describe('bounty issues by me', () => {
  it('shows every status, the stats over all issues, filters and 20 per page', async () => {
    const listFor = async (query = '') =>
      (await as(mia, 'GET', `/api/maintainer/bounty-issues${query}`)).json().data;
    const before = (await listFor()).stats;

    const open = await createBounty({ title: 'Stats open', bountyAmount: 1, stakeAmount: 5 });
    const progressing = await createBounty({
      title: 'Stats progressing',
      bountyAmount: 2,
      stakeAmount: 5,
    });
    await stakeOn(progressing.issueId, progressing.number, 5);
    const done = await createBounty({ title: 'Stats done', bountyAmount: 3, stakeAmount: 5 });
    const { pr } = await stakeOn(done.issueId, done.number, 5);
    expect(
      (
        await merge(pr.number, {
          ratings: ratings({ security: 1 }),
          tags: [],
          complexity: [],
          bonuses: [],
        })
      ).statusCode,
    ).toBe(200);
    const closed = await createBounty({
      title: 'Stats closed',
      bountyAmount: 4,
      stakeAmount: 5,
      labels: ['bug'],
    });
    await miaOnGithub.rest.issues.update({ ...REPO, issue_number: closed.number, state: 'closed' });
    await sim.idle();
    await dispatchGithubEvents(app.ctx);

    const all = await listFor('?search=Stats');
    const statusOf = (id: number) =>
      all.issues.find((i: { id: number }) => i.id === id)?.status as string;
    expect(statusOf(open.issueId)).toBe('open');
    expect(statusOf(progressing.issueId)).toBe('in_progress');
    expect(statusOf(done.issueId)).toBe('completed');
    expect(statusOf(closed.issueId)).toBe('closed');
    expect(all.stats).toEqual({
      totalIssues: before.totalIssues + 4,
      totalBountyAmount: before.totalBountyAmount + 10,
      totalStakeAmount: before.totalStakeAmount + 20,
      activeIssues: before.activeIssues + 2,
      completedIssues: before.completedIssues + 1,
      inProgressIssues: before.inProgressIssues + 1,
    });
    expect(all.issues.find((i: { id: number }) => i.id === done.issueId)).toMatchObject({
      applicantsCount: 1,
      totalPayout: 8,
      repository: { fullName: REPO_FULL_NAME },
    });

    const completed = await listFor('?status=completed&search=Stats');
    expect(completed.issues.map((i: { id: number }) => i.id)).toEqual([done.issueId]);
    const bad = await as(mia, 'GET', '/api/maintainer/bounty-issues?status=finished');
    expect(bad.statusCode).toBe(400);

    for (let i = 0; i < 21; i++)
      await createBounty({ title: `Paged ${i}`, bountyAmount: 1, stakeAmount: 5 });
    const page1 = await listFor('?search=Paged');
    const page2 = await listFor('?search=Paged&page=2');
    expect(page1.issues).toHaveLength(20);
    expect(page2.issues).toHaveLength(1);
    expect(page2.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalItems: 21,
      itemsPerPage: 20,
    });
  });

  it('is only for maintainers', async () => {
    const res = await as(octo, 'GET', '/api/maintainer/bounty-issues');
    expect(res.statusCode).toBe(403);
  });
});

describe('connecting a repository', () => {
  it('needs push permission on GitHub', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/maintainer/repositories',
      headers: { cookie: rita.cookie, host: new URL(base).host },
      payload: { owner: 'openstake-labs', repo: 'openstake-web' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a bounty issue closed as not planned', () => {
  it('returns the unwon bounty to the maintainer, but not while a stake on it is pending', async () => {
    const closeAsNotPlanned = async (number: number) => {
      await miaOnGithub.rest.issues.update({
        ...REPO,
        issue_number: number,
        state: 'closed',
        state_reason: 'not_planned',
      });
      await sim.idle();
      await dispatchGithubEvents(app.ctx);
    };
    const cancelled = await createBounty({ title: 'Cancelled bounty', bountyAmount: 20 });
    expect(await advertisedBounty(cancelled.issueId)).toBe(20);
    const before = await wallet(mia);
    await closeAsNotPlanned(cancelled.number);
    expect(await wallet(mia)).toBe(before + 20); // the fee stays with the platform
    expect(await getBalance(app.ctx.db, bountyEscrowOf(cancelled.issueId))).toBe(0);
    // Reopened after the refund, the issue does not advertise the bounty it no longer holds,
    // to contributors who could stake on it.
    await miaOnGithub.rest.issues.update({
      ...REPO,
      issue_number: cancelled.number,
      state: 'open',
    });
    await sim.idle();
    await dispatchGithubEvents(app.ctx);
    expect(await advertisedBounty(cancelled.issueId)).toBe(0);
    const suggested = (await as(octo, 'POST', '/api/contributor/suggested-issues', {})).json<{
      data: { issues: { id: number; bounty: number }[] };
    }>().data.issues;
    expect(suggested.find((i) => i.id === cancelled.issueId)?.bounty ?? 0).toBe(0);

    const contested = await createBounty({ title: 'Contested bounty', bountyAmount: 20 });
    const { pr, stakeId } = await stakeOn(contested.issueId, contested.number, 10);
    const stillBefore = await wallet(mia);
    await closeAsNotPlanned(contested.number);
    expect(await wallet(mia)).toBe(stillBefore);
    expect(await getBalance(app.ctx.db, bountyEscrowOf(contested.issueId))).toBe(20);
    // The pending pull request can still win it.
    const res = await merge(pr.number, {
      ratings: ratings({ codeQuality: 1 }),
      tags: [],
      complexity: [],
      bonuses: [],
    });
    expect(res.json().data.bountyPaid).toBe(20);
    expect(await stakeRow(stakeId)).toMatchObject({ status: 'accepted', bountyEarned: 20 });
  });
});

describe('bounty issues in a repository without the webhook', () => {
  it('are polled: an issue closed in any way with nobody staked on it returns its bounty', async () => {
    const docs = { owner: 'openstake-labs', repo: 'docs' };
    const cancelled = await createBounty({ ...docs, title: 'Polled cancel', bountyAmount: 7 });
    const finished = await createBounty({ ...docs, title: 'Polled done', bountyAmount: 9 });
    await miaOnGithub.rest.issues.update({
      ...docs,
      issue_number: cancelled.number,
      state: 'closed',
      state_reason: 'not_planned',
    });
    await miaOnGithub.rest.issues.update({
      ...docs,
      issue_number: finished.number,
      state: 'closed',
      state_reason: 'completed',
    });
    const before = await wallet(mia);
    // Closed as completed by work nobody staked on: nobody can win the bounty any more either.
    expect(await pollBountyIssues(app.ctx)).toBe(2);
    expect(await wallet(mia)).toBe(before + 7 + 9);
    expect(await getBalance(app.ctx.db, bountyEscrowOf(finished.issueId))).toBe(0);
    const list = (await as(mia, 'GET', '/api/maintainer/bounty-issues?search=Polled')).json().data;
    expect(list.issues.map((i: { status: string }) => i.status)).toEqual(['closed', 'closed']);
    expect(await pollBountyIssues(app.ctx)).toBe(0);
    expect(await wallet(mia)).toBe(before + 7 + 9);
  });
});

describe('the platform fee', () => {
  it('is 5% of the bounty rounded up', async () => {
    const bounty = await createBounty({
      title: 'Refresh keeps amounts',
      stakeAmount: 25,
      bountyAmount: 30,
    });
    const [row] = await app.ctx.db
      .select()
      .from(bountyIssues)
      .where(eq(bountyIssues.issueGithubId, bounty.issueId));
    expect(row).toMatchObject({ stakeAmount: 25, bountyAmount: 30, fee: 2, paidAt: null });
  });
});
