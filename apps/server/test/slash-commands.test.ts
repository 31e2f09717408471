/**
 * Slash commands in comments of app-connected repositories (issue 13, part 2): `/stake`, typed on
 * the simulated GitHub, delivered to the app's webhook, run once, and answered by the bot.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { STAKE_STATUS_CONTEXT, formatCoins } from '@openstake/core';
import type { GithubSim } from '@openstake/github-sim';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bountyIssues,
  githubAccounts,
  repositories,
  slashCommands,
  stakes,
  trackedIssues,
} from '../src/db/schema';
import { bountyEscrowOf, getBalance, walletOf } from '../src/modules/ledger/accounts';
import { commentOnSettlements } from '../src/modules/stakes/comment-on-settlements';
import { STAKE_LIFETIME_DAYS } from '@openstake/core';
import { expireStakes } from '../src/modules/stakes/expire-stakes';
import { createUser, grantTestXp, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let sim: GithubSim;
let base: string;
let nia: Account;
let mia: Account;
/** A maintainer who cannot push to the repository. */
let rita: Account;
let octo: Account;
let installationId: number;
const BOT = 'openstake[bot]';

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
  nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
  await linkGithub(base, nia, 'newbie-nia');
  // Nia stakes on an issue in most tests here and leaves many pending: more than a Code Novice may.
  await grantTestXp(app, nia, 5000);
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  await linkGithub(base, octo, 'octo-dev');
  rita = await createUser(app, 'maintainer', { githubUsername: 'rita-reader' });
  await linkGithub(base, rita, 'rita-reader');
  const installation = await sim.installApp({
    app: 'openstake',
    account: 'openstake-labs',
    repositories: ['stake-engine'],
    by: 'mia-maintainer',
  });
  installationId = installation.id;
  // Nia stakes in most tests and leaves many pending: roomy slots, as connectRepository gives
  // (the slots have their own tests, stake-policy.test.ts).
  await app.ctx.db
    .update(repositories)
    .set({ maxOpenStakesPerContributor: 20, maxNewcomerStakesPerIssue: 50 })
    .where(eq(repositories.fullName, REPO_FULL_NAME));
});
afterAll(() => app.close());
// Each /stake stakes the issue's own stake: a rejection in an earlier test would price Nia's next
// stake at 1.5x for 90 days (decision 015), so her rejections are dated out of that window.
afterEach(async () => {
  await app.ctx.db
    .update(stakes)
    .set({ settledAt: sql`${stakes.settledAt} - interval '91 days'` })
    .where(and(eq(stakes.userId, nia.user.id), eq(stakes.status, 'rejected')));
});

const github = () => new Octokit({ baseUrl: sim.apiUrl });

/** Comments on the simulated GitHub, then waits for OpenStake to have handled the delivery. */
async function comment(author: string, number: number, body: string) {
  const written = await sim.commentOnIssue({ ...REPO, number, author, body });
  await app.ctx.background.idle();
  return written;
}

/** The bot's comments on an issue or pull request, oldest first. */
async function botReplies(number: number): Promise<string[]> {
  const { data } = await github().rest.issues.listComments({ ...REPO, issue_number: number });
  return data.filter((c) => c.user?.login === BOT).map((c) => c.body ?? '');
}

/**
 * An `issue_comment` delivery with a fresh delivery id, signed with the app's secret, sent to the
 * app's webhook as GitHub sends it (the tests craft the bytes: a redelivery, other bytes).
 */
function deliverCommentToApp(body: string): Promise<Response> {
  const { webhookSecret, appId } = app.ctx.githubApp!.settings;
  return fetch(`${base}/api/github/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issue_comment',
      'x-github-delivery': randomUUID(),
      'x-github-hook-id': '1',
      'x-github-hook-installation-target-type': 'integration',
      'x-github-hook-installation-target-id': String(appId),
      'x-hub-signature-256': `sha256=${createHmac('sha256', webhookSecret).update(body).digest('hex')}`,
    },
    body,
  });
}

/** The repository's maintainer (who may push) reviews the pull request on GitHub. */
const reviewedByMaintainer = (number: number, state: 'COMMENTED' | 'CHANGES_REQUESTED') =>
  sim.reviewPullRequest({ ...REPO, number, reviewer: 'mia-maintainer', state });

const stakesOn = (issueGithubId: number) =>
  app.ctx.db.select().from(stakes).where(eq(stakes.issueGithubId, issueGithubId));

/** A tracked issue and a pull request by `author` that fixes it. */
async function issueWithPullRequest(author: string, prBody?: (issue: number) => string) {
  const issue = await stakeWorld(app, sim).createIssue({ title: `Slash ${randomUUID()}` });
  const pr = await sim.openPullRequest({
    ...REPO,
    author,
    title: `Work on #${String(issue.number)}`,
    body: prBody ? prBody(issue.number) : `Fixes #${String(issue.number)}`,
  });
  await app.ctx.background.idle();
  return { issue, pr };
}

describe('/stake', () => {
  it("by the pull request's author stakes the issue's coins, answers, and turns the status green", async () => {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    const before = await getBalance(app.ctx.db, walletOf(nia.user.id));

    await comment('newbie-nia', pr.number, '/stake');

    const [stake] = await stakesOn(issue.githubId);
    expect(stake).toMatchObject({
      userId: nia.user.id,
      prNumber: pr.number,
      amount: issue.stakingRequired,
      status: 'pending',
    });
    expect(await getBalance(app.ctx.db, walletOf(nia.user.id))).toBe(
      before - issue.stakingRequired,
    );
    expect(await botReplies(pr.number)).toEqual([
      `@newbie-nia staked ${String(issue.stakingRequired)} coins on #${String(issue.number)}. They come back when the pull request is merged; see ${base}/contributor/dashboard.`,
    ]);
    const { data: combined } = await github().rest.repos.getCombinedStatusForRef({
      ...REPO,
      ref: pr.head.sha,
    });
    expect(combined.statuses.find((s) => s.context === STAKE_STATUS_CONTEXT)).toMatchObject({
      state: 'success',
      description: `Staked ${String(issue.stakingRequired)} coins on #${String(issue.number)}`,
    });
  });

  it('/stake #N names the issue when the description references it', async () => {
    const { issue, pr } = await issueWithPullRequest(
      'newbie-nia',
      (n) => `Closes #${String(n)}, and mentions #1 too`,
    );
    await comment('newbie-nia', pr.number, `/stake #${String(issue.number)} please`);
    expect(await stakesOn(issue.githubId)).toHaveLength(1);
  });

  it('runs once per comment: a second delivery of it (other bytes, another delivery id) does nothing', async () => {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    const written = await comment('newbie-nia', pr.number, '/stake');
    expect(await stakesOn(issue.githubId)).toHaveLength(1);
    const original = sim
      .deliveries()
      .find((d) => d.event === 'issue_comment' && d.appId !== null && d.url.startsWith(base));
    expect(original).toBeDefined();

    // GitHub's own redelivery of the same event, with the comment's id and other bytes.
    const body = JSON.stringify({
      action: 'created',
      comment: {
        id: written.id,
        body: '/stake',
        user: { id: written.user?.id, login: 'newbie-nia', type: 'User' },
      },
      issue: {
        number: pr.number,
        state: 'open',
        user: { login: 'newbie-nia' },
        pull_request: { html_url: pr.html_url },
      },
      repository: {
        id: (await github().rest.repos.get(REPO)).data.id,
        full_name: 'openstake-labs/stake-engine',
      },
      installation: { id: installationId },
      sender: { login: 'newbie-nia' },
      redelivered: true,
    });
    const answer = await deliverCommentToApp(body);
    expect(answer.status).toBe(202);
    await app.ctx.background.idle();

    expect(await stakesOn(issue.githubId)).toHaveLength(1);
    expect(await botReplies(pr.number)).toHaveLength(1);
    const [claim] = await app.ctx.db
      .select()
      .from(slashCommands)
      .where(eq(slashCommands.commentId, written.id));
    expect(claim).toMatchObject({
      command: 'stake',
      outcome: 'done',
      commenterLogin: 'newbie-nia',
    });
  });

  it('again, in a new comment, is refused with the reason: already staked', async () => {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    await comment('newbie-nia', pr.number, '/stake');
    await comment('newbie-nia', pr.number, '/stake');
    expect(await stakesOn(issue.githubId)).toHaveLength(1);
    expect((await botReplies(pr.number))[1]).toBe(
      '@newbie-nia You already have an active stake on this issue',
    );
  });

  it('by a GitHub user without an OpenStake account answers with where to sign up, and stakes nothing', async () => {
    const { issue, pr } = await issueWithPullRequest('prolific-pat');
    await comment('prolific-pat', pr.number, '/stake');
    expect(await stakesOn(issue.githubId)).toEqual([]);
    expect(await botReplies(pr.number)).toEqual([
      `@prolific-pat No OpenStake account has connected this GitHub account. Sign up at ${base}/signUp and connect GitHub, then comment \`/stake\` again.`,
    ]);
  });

  it("by someone other than the pull request's author is refused", async () => {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    await comment('octo-dev', pr.number, '/stake');
    expect(await stakesOn(issue.githubId)).toEqual([]);
    expect(await botReplies(pr.number)).toEqual([
      "@octo-dev Only the pull request's author, @newbie-nia, can stake on it.",
    ]);
  });

  it('by an author who can push to the repository is refused (stakes are for reviewed work)', async () => {
    const { issue, pr } = await issueWithPullRequest('mia-maintainer');
    await comment('mia-maintainer', pr.number, '/stake');
    expect(await stakesOn(issue.githubId)).toEqual([]);
    expect(await botReplies(pr.number)).toEqual([
      expect.stringMatching(/^@mia-maintainer You can push to openstake-labs\/stake-engine: /),
    ]);
  });

  it('without enough coins is refused, and moves nothing', async () => {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    await app.ctx.db
      .update(trackedIssues)
      .set({ stakingRequired: 1_000_000 })
      .where(eq(trackedIssues.githubId, issue.githubId));
    const before = await getBalance(app.ctx.db, walletOf(nia.user.id));
    await comment('newbie-nia', pr.number, '/stake');
    expect(await stakesOn(issue.githubId)).toEqual([]);
    expect(await getBalance(app.ctx.db, walletOf(nia.user.id))).toBe(before);
    expect(await botReplies(pr.number)).toEqual([
      `@newbie-nia Staking on #${String(issue.number)} takes 1,000,000 coins; your OpenStake wallet has ${String(before)}.`,
    ]);
  });

  it('on an issue rather than a pull request answers with how to use it', async () => {
    const { issue } = await issueWithPullRequest('newbie-nia');
    await comment('newbie-nia', issue.number, '/stake');
    expect(await botReplies(issue.number)).toEqual([
      '@newbie-nia Write `/stake` on a pull request that references its issue, or `/stake #12` to name the issue.',
    ]);
  });

  it('on a pull request that references no issue says how to name one', async () => {
    const { issue, pr } = await issueWithPullRequest('newbie-nia', () => 'No reference here');
    await comment('newbie-nia', pr.number, '/stake');
    expect(await stakesOn(issue.githubId)).toEqual([]);
    expect(await botReplies(pr.number)).toEqual([
      '@newbie-nia This pull request references no issue: write "Fixes #12" in its description, or comment `/stake #12`.',
    ]);
  });

  it('with a malformed issue answers with the usage', async () => {
    const { pr } = await issueWithPullRequest('newbie-nia');
    await comment('newbie-nia', pr.number, '/stake twelve');
    expect(await botReplies(pr.number)).toEqual([
      '@newbie-nia Write `/stake` on a pull request that references its issue, or `/stake #12` to name the issue.',
    ]);
  });

  it.each([
    ['in a fenced code block', '```\n/stake\n```'],
    ['indented as code', '    /stake'],
    ['in a quote', '> /stake'],
    ['after the first line', 'Thanks!\n/stake'],
  ])('%s is not a command: nothing runs, nothing is answered', async (_case, body) => {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    const written = await comment('newbie-nia', pr.number, body);
    expect(await stakesOn(issue.githubId)).toEqual([]);
    expect(await botReplies(pr.number)).toEqual([]);
    expect(
      await app.ctx.db.select().from(slashCommands).where(eq(slashCommands.commentId, written.id)),
    ).toEqual([]);
  });

  it("is not run from the bot's own comment, nor from a comment edited into one", async () => {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    await comment(BOT, pr.number, '/stake');
    const written = await comment('newbie-nia', pr.number, 'I will stake later');
    await sim.editComment({ ...REPO, commentId: written.id, by: 'newbie-nia', body: '/stake' });
    await app.ctx.background.idle();
    expect(await stakesOn(issue.githubId)).toEqual([]);
    expect(await botReplies(pr.number)).toEqual(['/stake']);
  });
});

describe("the bot's comment on a settled stake", () => {
  /** A pull request by nia on a fresh issue, staked with `/stake`. */
  async function staked() {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    await comment('newbie-nia', pr.number, '/stake');
    const [stake] = await stakesOn(issue.githubId);
    expect(stake?.status).toBe('pending');
    return { issue, pr, stake: stake! };
  }
  /** The bot's comments other than its answers to commands. */
  const settlementReplies = async (number: number) =>
    (await botReplies(number)).filter((body) => body.startsWith('<!-- openstake:stake:'));
  const setBotComments = (botComments: boolean) =>
    app.server.inject({
      method: 'PATCH',
      url: '/api/maintainer/repositories/openstake-labs/stake-engine',
      headers: { cookie: mia.cookie },
      payload: { botComments },
    });

  it('merged on GitHub: the coins and XP, once, then updated rather than repeated', async () => {
    const { issue, pr, stake } = await staked();
    await sim.mergePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    await sim.idle();
    await app.ctx.background.idle();

    const [settled] = await stakesOn(issue.githubId);
    expect(settled).toMatchObject({ status: 'accepted', settlementToldAt: expect.any(Date) });
    const told = await settlementReplies(pr.number);
    expect(told).toEqual([
      `<!-- openstake:stake:${stake.id} -->\n**Merged.** @newbie-nia's stake of ${String(stake.amount)} coins on #${String(issue.number)} came back with ${String(settled!.coinsEarned)} coins earned and ${String(settled!.xpEarned)} XP.`,
    ]);

    // Told again (the record of it lost): the same comment is updated, not a second one written.
    await app.ctx.db.update(stakes).set({ settlementToldAt: null }).where(eq(stakes.id, stake.id));
    expect(await commentOnSettlements(app.ctx)).toBe(1);
    expect(await settlementReplies(pr.number)).toEqual(told);
    // Nothing left to tell: the job writes nothing.
    expect(await commentOnSettlements(app.ctx)).toBe(0);
  });

  it('two runs at once tell a settlement once', async () => {
    const { pr, stake } = await staked();
    await sim.closePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    await sim.idle();
    await app.ctx.background.idle();
    await app.ctx.db.update(stakes).set({ settlementToldAt: null }).where(eq(stakes.id, stake.id));
    await app.ctx.githubApp!.updateIssueComment(installationId, {
      ...REPO,
      commentId: (await app.ctx.githubApp!.findBotComment(installationId, {
        ...REPO,
        issueNumber: pr.number,
        marker: `<!-- openstake:stake:${stake.id} -->`,
      }))!.id,
      body: 'no marker any more',
    });
    const runs = await Promise.all([commentOnSettlements(app.ctx), commentOnSettlements(app.ctx)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await settlementReplies(pr.number)).toHaveLength(1);
  });

  it('closed without a review: the refund in full', async () => {
    const { issue, pr, stake } = await staked();
    await sim.closePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    await sim.idle();
    await app.ctx.background.idle();
    expect((await stakesOn(issue.githubId))[0]?.status).toBe('expired');
    expect(await settlementReplies(pr.number)).toEqual([
      `<!-- openstake:stake:${stake.id} -->\n**Closed without a review.** @newbie-nia's stake of ${String(stake.amount)} coins on #${String(issue.number)} was refunded in full.`,
    ]);
  });

  it('closed after a review: the deduction', async () => {
    const { issue, pr, stake } = await staked();
    await reviewedByMaintainer(pr.number, 'CHANGES_REQUESTED');
    await sim.closePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    await sim.idle();
    await app.ctx.background.idle();
    const [settled] = await stakesOn(issue.githubId);
    expect(settled?.status).toBe('rejected');
    expect(await settlementReplies(pr.number)).toEqual([
      expect.stringContaining(
        `**Closed after review.** ${formatCoins(settled!.coinsLost)} of @newbie-nia's stake of ${String(stake.amount)} coins`,
      ),
    ]);
  });

  it("is not written when the repository's maintainer turned bot comments off", async () => {
    const off = await setBotComments(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ botComments: false });
    try {
      const { issue, pr } = await staked();
      await sim.mergePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
      await sim.idle();
      await app.ctx.background.idle();
      const [settled] = await stakesOn(issue.githubId);
      expect(settled).toMatchObject({ status: 'accepted', settlementToldAt: expect.any(Date) });
      expect(await settlementReplies(pr.number)).toEqual([]);
    } finally {
      expect((await setBotComments(true)).statusCode).toBe(200);
    }
  });

  it('the setting is refused to a maintainer who cannot push, and needs a value', async () => {
    const refused = await app.server.inject({
      method: 'PATCH',
      url: '/api/maintainer/repositories/openstake-labs/stake-engine',
      headers: { cookie: rita.cookie },
      payload: { botComments: false },
    });
    expect(refused.statusCode).toBe(403);
    const empty = await app.server.inject({
      method: 'PATCH',
      url: '/api/maintainer/repositories/openstake-labs/stake-engine',
      headers: { cookie: mia.cookie },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('/unstake', () => {
  async function staked() {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    await comment('newbie-nia', pr.number, '/stake');
    expect(await stakesOn(issue.githubId)).toHaveLength(1);
    return { issue, pr };
  }

  it('before any review refunds the stake in full, answers, and turns the status pending', async () => {
    const { issue, pr } = await staked();
    const before = await getBalance(app.ctx.db, walletOf(nia.user.id));
    await comment('newbie-nia', pr.number, '/unstake');
    const [withdrawn] = await stakesOn(issue.githubId);
    expect(withdrawn).toMatchObject({ status: 'expired', settledBy: 'unstake', coinsLost: 0 });
    expect(await getBalance(app.ctx.db, walletOf(nia.user.id))).toBe(
      before + issue.stakingRequired,
    );
    const replies = await botReplies(pr.number);
    expect(replies.at(-1)).toBe(
      `@newbie-nia withdrew the stake of ${String(issue.stakingRequired)} coins on #${String(issue.number)}: refunded in full.`,
    );
    // The answer told it: no settlement comment besides.
    await commentOnSettlements(app.ctx);
    expect((await botReplies(pr.number)).filter((b) => b.startsWith('<!--'))).toEqual([]);
    const { data: combined } = await github().rest.repos.getCombinedStatusForRef({
      ...REPO,
      ref: pr.head.sha,
    });
    expect(combined.statuses.find((st) => st.context === STAKE_STATUS_CONTEXT)?.state).toBe(
      'pending',
    );
  });

  it('after a review by someone who may push is refused: the stake stays', async () => {
    const { issue, pr } = await staked();
    await reviewedByMaintainer(pr.number, 'COMMENTED');
    await comment('newbie-nia', pr.number, '/unstake');
    expect((await stakesOn(issue.githubId))[0]?.status).toBe('pending');
    expect((await botReplies(pr.number)).at(-1)).toBe(
      '@newbie-nia This pull request has been reviewed: the stake stays until it is merged or closed',
    );
  });

  it("after a review is refused even when the maintainer who connected it has no GitHub link: the app's token judges the review", async () => {
    const { issue, pr } = await staked();
    await reviewedByMaintainer(pr.number, 'CHANGES_REQUESTED');
    // The repository's steward unlinked GitHub: no maintainer's token is left to ask with.
    const [link] = await app.ctx.db
      .delete(githubAccounts)
      .where(eq(githubAccounts.userId, mia.user.id))
      .returning();
    try {
      await comment('newbie-nia', pr.number, '/unstake');
    } finally {
      await app.ctx.db.insert(githubAccounts).values(link!);
    }
    expect((await stakesOn(issue.githubId))[0]?.status).toBe('pending');
    expect((await botReplies(pr.number)).at(-1)).toBe(
      '@newbie-nia This pull request has been reviewed: the stake stays until it is merged or closed',
    );
  });

  it("by someone who has no stake there is refused, and touches nobody's stake", async () => {
    const { issue, pr } = await staked();
    await comment('octo-dev', pr.number, '/unstake');
    expect((await stakesOn(issue.githubId))[0]?.status).toBe('pending');
    expect((await botReplies(pr.number)).at(-1)).toBe(
      '@octo-dev You have no pending stake on this pull request',
    );
    await comment('prolific-pat', pr.number, '/unstake');
    expect((await botReplies(pr.number)).at(-1)).toMatch(
      /^@prolific-pat No OpenStake account has connected this GitHub account\./,
    );
  });

  it('/unstake #N from the issue names the stake by its issue', async () => {
    const { issue } = await staked();
    await comment('newbie-nia', issue.number, `/unstake #${String(issue.number)}`);
    expect((await stakesOn(issue.githubId))[0]).toMatchObject({ status: 'expired' });
  });
});

describe('/bounty', () => {
  const bountyOf = async (issueGithubId: number) =>
    (
      await app.ctx.db
        .select()
        .from(bountyIssues)
        .where(eq(bountyIssues.issueGithubId, issueGithubId))
    )[0];

  it('by a maintainer with push access on an open issue escrows the bounty and fee, labels it, and answers', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: `Bounty ${randomUUID()}` });
    const before = await getBalance(app.ctx.db, walletOf(mia.user.id));
    await comment('mia-maintainer', issue.number, '/bounty 40');

    expect(await bountyOf(issue.githubId)).toMatchObject({
      createdBy: mia.user.id,
      bountyAmount: 40,
      fee: 2,
      stakeAmount: issue.stakingRequired,
    });
    expect(await getBalance(app.ctx.db, walletOf(mia.user.id))).toBe(before - 42);
    expect(await getBalance(app.ctx.db, bountyEscrowOf(issue.githubId))).toBe(40);
    const [tracked] = await app.ctx.db
      .select()
      .from(trackedIssues)
      .where(eq(trackedIssues.githubId, issue.githubId));
    expect(tracked?.bounty).toBe(40);
    const { data: onGithub } = await github().rest.issues.get({
      ...REPO,
      issue_number: issue.number,
    });
    expect(onGithub.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(
      expect.arrayContaining([`bounty-40`, `stake-${String(issue.stakingRequired)}`]),
    );
    expect(await botReplies(issue.number)).toEqual([
      `@mia-maintainer posted a bounty of 40 coins (fee 2). Stake ${String(issue.stakingRequired)} coins on it with a pull request that fixes this issue: ${base}/contributor/issue/openstake-labs/stake-engine/${String(issue.number)}`,
    ]);

    // A second bounty on the same issue is refused, and moves nothing.
    await comment('mia-maintainer', issue.number, '/bounty 10');
    expect(await getBalance(app.ctx.db, walletOf(mia.user.id))).toBe(before - 42);
    expect((await botReplies(issue.number)).at(-1)).toBe(
      '@mia-maintainer This issue already has a bounty',
    );
  });

  it('by a contributor is refused: only maintainers post bounties', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: `Bounty ${randomUUID()}` });
    await comment('newbie-nia', issue.number, '/bounty 40');
    expect(await bountyOf(issue.githubId)).toBeUndefined();
    expect(await botReplies(issue.number)).toEqual([
      '@newbie-nia Only an OpenStake maintainer account can post a bounty.',
    ]);
  });

  it('by a maintainer without push access is refused', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: `Bounty ${randomUUID()}` });
    await comment('rita-reader', issue.number, '/bounty 40');
    expect(await bountyOf(issue.githubId)).toBeUndefined();
    expect(await botReplies(issue.number)).toEqual([
      '@rita-reader You need push access to openstake-labs/stake-engine on GitHub for this',
    ]);
  });

  it('without enough coins is refused with what it needs', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: `Bounty ${randomUUID()}` });
    const balance = await getBalance(app.ctx.db, walletOf(mia.user.id));
    await comment('mia-maintainer', issue.number, `/bounty ${String(balance)}`);
    expect(await bountyOf(issue.githubId)).toBeUndefined();
    expect(await botReplies(issue.number)).toEqual([
      expect.stringMatching(
        /^@mia-maintainer This bounty needs \d+ coins \(\d+ bounty \+ \d+ fee\); you have \d+$/,
      ),
    ]);
  });

  it('by a GitHub user without an OpenStake account, or on a pull request, is refused', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: `Bounty ${randomUUID()}` });
    await comment('prolific-pat', issue.number, '/bounty 40');
    expect(await bountyOf(issue.githubId)).toBeUndefined();
    expect(await botReplies(issue.number)).toEqual([
      `@prolific-pat No OpenStake account has connected this GitHub account. Sign up at ${base}/signUp and connect GitHub, then comment \`/bounty 40\` again.`,
    ]);
    const { pr } = await issueWithPullRequest('newbie-nia');
    await comment('mia-maintainer', pr.number, '/bounty 40');
    expect(await botReplies(pr.number)).toEqual([
      '@mia-maintainer A bounty goes on an issue, not a pull request.',
    ]);
  });

  it('with an amount out of range answers with the usage', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: `Bounty ${randomUUID()}` });
    await comment('mia-maintainer', issue.number, '/bounty 0');
    expect(await bountyOf(issue.githubId)).toBeUndefined();
    expect(await botReplies(issue.number)).toEqual([
      expect.stringMatching(/^@mia-maintainer Write the bounty in whole coins, from 1 to /),
    ]);
  });
});

describe('every command', () => {
  /** Where each command is typed, by whom, and what it does when it runs. */
  const COMMANDS = [
    {
      command: '/stake',
      async setUp() {
        const { issue, pr } = await issueWithPullRequest('newbie-nia');
        return { number: pr.number, author: 'newbie-nia', effects: () => stakesOn(issue.githubId) };
      },
    },
    {
      command: '/unstake',
      async setUp() {
        const { issue, pr } = await issueWithPullRequest('newbie-nia');
        await comment('newbie-nia', pr.number, '/stake');
        const withdrawn = async () =>
          (await stakesOn(issue.githubId)).filter((st) => st.settledBy === 'unstake');
        return { number: pr.number, author: 'newbie-nia', effects: withdrawn };
      },
    },
    {
      command: '/bounty 7',
      async setUp() {
        const issue = await stakeWorld(app, sim).createIssue({ title: `Every ${randomUUID()}` });
        const bounties = async () =>
          app.ctx.db
            .select()
            .from(bountyIssues)
            .where(eq(bountyIssues.issueGithubId, issue.githubId));
        return { number: issue.number, author: 'mia-maintainer', effects: bounties };
      },
    },
  ] as const;
  const answers = async (number: number) =>
    (await botReplies(number)).filter((body) => !body.startsWith('<!--'));

  it.each(COMMANDS)(
    '$command runs once when its comment is delivered twice',
    async ({ command, setUp }) => {
      const { number, author, effects } = await setUp();
      const before = (await answers(number)).length;
      const written = await comment(author, number, command);
      expect(await effects()).toHaveLength(1);
      // The same comment again, in a delivery of its own (another delivery id, other bytes).
      const { data: issue } = await github().rest.issues.get({ ...REPO, issue_number: number });
      const body = JSON.stringify({
        action: 'created',
        comment: {
          id: written.id,
          body: command,
          user: { id: written.user?.id, login: author, type: 'User' },
        },
        issue: {
          number,
          state: 'open',
          user: { login: issue.user?.login },
          pull_request: issue.pull_request ? { html_url: issue.pull_request.html_url } : null,
        },
        repository: { id: (await github().rest.repos.get(REPO)).data.id },
        installation: { id: installationId },
        again: randomUUID(),
      });
      const answer = await deliverCommentToApp(body);
      expect(answer.status).toBe(202);
      await app.ctx.background.idle();
      expect(await effects()).toHaveLength(1);
      expect(await answers(number)).toHaveLength(before + 1);
    },
  );

  it.each(COMMANDS)(
    '$command in a code block, or written by the bot, does nothing',
    async ({ command, setUp }) => {
      const { number, author, effects } = await setUp();
      const before = await answers(number);
      await comment(author, number, `\`\`\`\n${command}\n\`\`\``);
      await comment(BOT, number, command);
      expect(await effects()).toEqual([]);
      // Only the bot's own comment was added: nothing answered it.
      expect(await answers(number)).toEqual([...before, command]);
    },
  );
});

describe("the bot's comment on a stake that expired", () => {
  // Last in this file: the expiry refunds every stake still pending here.
  it('says the pull request was not merged in time, not that it was closed', async () => {
    const { issue, pr } = await issueWithPullRequest('newbie-nia');
    await comment('newbie-nia', pr.number, '/stake');
    const [stake] = await stakesOn(issue.githubId);
    const later = new Date(Date.now() + (STAKE_LIFETIME_DAYS + 1) * 86_400_000);
    await expireStakes({ ...app.ctx, clock: { now: () => later } });
    expect((await stakesOn(issue.githubId))[0]).toMatchObject({
      status: 'expired',
      settledBy: 'expiry',
    });
    await commentOnSettlements(app.ctx);
    expect((await botReplies(pr.number)).filter((b) => b.startsWith('<!--'))).toEqual([
      `<!-- openstake:stake:${stake!.id} -->\n**Stake expired.** @newbie-nia's stake of ${String(stake!.amount)} coins on #${String(issue.number)} was refunded in full: the pull request was not merged within ${String(STAKE_LIFETIME_DAYS)} days.`,
    ]);
  });
});
