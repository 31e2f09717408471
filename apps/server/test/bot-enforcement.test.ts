/**
 * The bot enforces the stake on GitHub (decision 015, part 5): on a pull request of a bounty issue
 * in an app-connected repository, the `openstake/stake` status says why it is pending, and where
 * the repository opts in the bot comments once and labels it `unstaked`, or closes a denounced
 * author's pull request. Everything travels as on GitHub: the simulator's signed webhooks to the
 * app's webhook, and the bot's writes read back from the simulator.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import {
  DENOUNCED_AUTHOR_STATUS,
  denouncedCloseComment,
  STAKE_STATUS_CONTEXT,
  UNSTAKED_BOUNTY_STATUS,
  UNSTAKED_LABEL,
  UNSTAKED_NOTICE_MARKER,
  unstakedNotice,
} from '@openstake/core';
import type { GithubSim } from '@openstake/github-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositories, repositoryVouches } from '../src/db/schema';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let sim: GithubSim;
let base: string;
let mia: Account;
let nia: Account;
const BOT = 'openstake[bot]';
/** Connected by its own webhook, not through the app. */
const WEB = { owner: 'openstake-labs', repo: 'openstake-web' };

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
  nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
  await linkGithub(base, nia, 'newbie-nia');
  await sim.installApp({
    app: 'openstake',
    account: 'openstake-labs',
    repositories: ['stake-engine'],
    by: 'mia-maintainer',
  });
  await connectRepository(app, base, mia, WEB);
});
afterAll(() => app.close());

const github = () => new Octokit({ baseUrl: sim.apiUrl });

/** The repository's opt-ins (their settings screen is another part of decision 015). */
async function optIn(
  fullName: string,
  policy: { botUnstakedNotice: boolean; botCloseDenounced: boolean },
) {
  const updated = await app.ctx.db
    .update(repositories)
    .set(policy)
    .where(eq(repositories.fullName, fullName))
    .returning({ id: repositories.id });
  expect(updated).toHaveLength(1);
}

/** The repository's maintainer denounces a GitHub user, by GitHub id, with a private reason. */
async function denounce(fullName: string, login: string, reason: string) {
  const { data: user } = await github().rest.users.getByUsername({ username: login });
  const [repository] = await app.ctx.db
    .select({ id: repositories.id })
    .from(repositories)
    .where(eq(repositories.fullName, fullName));
  await app.ctx.db.insert(repositoryVouches).values({
    repositoryId: repository!.id,
    githubUserId: user.id,
    login,
    kind: 'denounced',
    reason,
    decidedBy: mia.user.id,
    source: 'settings',
  });
}

/** A bounty issue posted by the maintainer in OpenStake (bounty escrowed, issue on GitHub). */
async function bountyIssue(target: { owner: string; repo: string } = REPO) {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/maintainer/bounty-issues',
    headers: { cookie: mia.cookie },
    payload: { ...target, title: `Bounty ${randomUUID()}`, stakeAmount: 5, bountyAmount: 20 },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { data: { issueId: number; number: number; stakeAmount: number } }).data;
}

/** A pull request that fixes the issue, opened on GitHub; waits for OpenStake to act on it. */
async function openPullRequest(
  author: string,
  issueNumber: number,
  target: { owner: string; repo: string } = REPO,
) {
  const pr = await sim.openPullRequest({
    ...target,
    author,
    title: `Work on #${String(issueNumber)}`,
    body: `Fixes #${String(issueNumber)}`,
  });
  await app.ctx.background.idle();
  return pr;
}

/** The newest `openstake/stake` status of a commit, as GitHub shows it; null when none. */
async function stakeStatusOn(sha: string, target: { owner: string; repo: string } = REPO) {
  const { data } = await github().rest.repos.getCombinedStatusForRef({ ...target, ref: sha });
  return data.statuses.find((s) => s.context === STAKE_STATUS_CONTEXT) ?? null;
}

async function labelsOn(number: number, target: { owner: string; repo: string } = REPO) {
  const { data } = await github().rest.issues.get({ ...target, issue_number: number });
  return data.labels.map((l) => (typeof l === 'string' ? l : l.name));
}

async function botComments(number: number, target: { owner: string; repo: string } = REPO) {
  const { data } = await github().rest.issues.listComments({ ...target, issue_number: number });
  return data.filter((c) => c.user?.login === BOT).map((c) => c.body ?? '');
}

async function pullState(number: number, target: { owner: string; repo: string } = REPO) {
  return (await github().rest.pulls.get({ ...target, pull_number: number })).data.state;
}

const issuePage = (number: number, target: { owner: string; repo: string } = REPO) =>
  `${base}/contributor/issue/${target.owner}/${target.repo}/${String(number)}`;

async function stake(account: Account, issueId: number, prUrl: string, amount: number) {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/contributor/stakes',
    headers: { cookie: account.cookie },
    payload: { issueId, prUrl, amount },
  });
  expect(res.statusCode).toBe(201);
  await app.ctx.background.idle();
}

/**
 * The `pull_request` delivery GitHub made for `number`, sent again to the app's webhook as a new
 * event (a fresh delivery id, `action`, and bytes of its own, signed with the app's secret).
 */
function deliverAgainAs(number: number, action: string, nonce: number): Promise<Response> {
  const opened = sim
    .deliveries()
    .find(
      (d) =>
        d.event === 'pull_request' &&
        d.appId !== null &&
        (d.payload as { number?: number }).number === number,
    );
  if (!opened) throw new Error(`no app delivery for pull request #${String(number)}`);
  const body = JSON.stringify({ ...(JSON.parse(opened.body) as object), action, nonce });
  const { webhookSecret } = app.ctx.githubApp!.settings;
  return fetch(opened.url, {
    method: 'POST',
    headers: {
      ...opened.requestHeaders,
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', webhookSecret).update(body).digest('hex')}`,
    },
    body,
  });
}

describe('the openstake/stake status on a bounty issue', () => {
  it("is pending with 'No stake yet', pointing at the issue's page, and green once staked", async () => {
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: false, botCloseDenounced: false });
    const issue = await bountyIssue();
    const pr = await openPullRequest('newbie-nia', issue.number);
    expect(await stakeStatusOn(pr.head.sha)).toMatchObject({
      state: 'pending',
      description: UNSTAKED_BOUNTY_STATUS,
      target_url: issuePage(issue.number),
    });
    // Not opted in: no comment, no label.
    expect(await botComments(pr.number)).toEqual([]);
    expect(await labelsOn(pr.number)).toEqual([]);

    await stake(nia, issue.issueId, pr.html_url, issue.stakeAmount);
    expect(await stakeStatusOn(pr.head.sha)).toMatchObject({
      state: 'success',
      description: `Staked ${String(issue.stakeAmount)} coins on #${String(issue.number)}`,
    });
  });

  it('is pending with why for an author the repository denounced, who gets the notice, not closed', async () => {
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: true, botCloseDenounced: false });
    await denounce(REPO_FULL_NAME, 'prolific-pat', 'Sent 40 generated pull requests in a day');
    const issue = await bountyIssue();
    const pr = await openPullRequest('prolific-pat', issue.number);
    expect(await stakeStatusOn(pr.head.sha)).toMatchObject({
      state: 'pending',
      description: DENOUNCED_AUTHOR_STATUS,
      target_url: issuePage(issue.number),
    });
    expect(await botComments(pr.number)).toEqual([
      unstakedNotice({
        login: 'prolific-pat',
        issueNumber: issue.number,
        stakeUrl: issuePage(issue.number),
        authorDenounced: true,
      }),
    ]);
    expect(await labelsOn(pr.number)).toEqual([UNSTAKED_LABEL]);
    expect(await pullState(pr.number)).toBe('open');
  });
});

describe('the notice and the label, where the repository opts in', () => {
  it('one comment and the label; the label comes off with the stake and back without it', async () => {
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: true, botCloseDenounced: false });
    const issue = await bountyIssue();
    const pr = await openPullRequest('newbie-nia', issue.number);
    const notice = unstakedNotice({
      login: 'newbie-nia',
      issueNumber: issue.number,
      stakeUrl: issuePage(issue.number),
      authorDenounced: false,
    });
    expect(await botComments(pr.number)).toEqual([notice]);
    expect(await labelsOn(pr.number)).toEqual([UNSTAKED_LABEL]);

    // A push and an edit are new events: the status again, the comment not.
    const pushed = await sim.pushToPullRequest({ ...REPO, number: pr.number });
    await new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('newbie-nia') }).rest.pulls.update({
      ...REPO,
      pull_number: pr.number,
      body: `Fixes #${String(issue.number)}\n\nNow with tests.`,
    });
    await sim.idle();
    await app.ctx.background.idle();
    expect(await stakeStatusOn(pushed.head.sha)).toMatchObject({
      state: 'pending',
      description: UNSTAKED_BOUNTY_STATUS,
    });
    expect(await botComments(pr.number)).toEqual([notice]);

    await stake(nia, issue.issueId, pr.html_url, issue.stakeAmount);
    expect(await labelsOn(pr.number)).toEqual([]);
    expect(await stakeStatusOn(pushed.head.sha)).toMatchObject({ state: 'success' });

    // Withdrawn before any review (`/unstake`): labelled again, and still one notice.
    await sim.commentOnIssue({
      ...REPO,
      number: pr.number,
      author: 'newbie-nia',
      body: '/unstake',
    });
    await app.ctx.background.idle();
    expect(await labelsOn(pr.number)).toEqual([UNSTAKED_LABEL]);
    expect(await stakeStatusOn(pushed.head.sha)).toMatchObject({ state: 'pending' });
    const comments = await botComments(pr.number);
    expect(comments.filter((c) => c.includes(UNSTAKED_NOTICE_MARKER))).toEqual([notice]);
    expect(comments).toHaveLength(2);
  });

  it('is written once when deliveries about the pull request arrive together, redelivered or replayed', async () => {
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: false, botCloseDenounced: false });
    const issue = await bountyIssue();
    const pr = await openPullRequest('newbie-nia', issue.number);
    expect(await botComments(pr.number)).toEqual([]);
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: true, botCloseDenounced: false });

    // Five events at once, each a delivery of its own, all finding the pull request unstaked.
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => deliverAgainAs(pr.number, n % 2 ? 'edited' : 'synchronize', n)),
    );
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    await app.ctx.background.idle();
    expect(await botComments(pr.number)).toHaveLength(1);

    // GitHub's redelivery (the same id and bytes) and a replay under a fresh id: nothing more.
    const opened = sim
      .deliveries()
      .find(
        (d) =>
          d.event === 'pull_request' && (d.payload as { number?: number }).number === pr.number,
      )!;
    const redelivered = await fetch(opened.url, {
      method: 'POST',
      headers: opened.requestHeaders,
      body: opened.body,
    });
    const replayed = await fetch(opened.url, {
      method: 'POST',
      headers: { ...opened.requestHeaders, 'x-github-delivery': randomUUID() },
      body: opened.body,
    });
    expect([redelivered.status, replayed.status]).toEqual([200, 200]);
    await app.ctx.background.idle();
    expect(await botComments(pr.number)).toHaveLength(1);
    expect(await labelsOn(pr.number)).toEqual([UNSTAKED_LABEL]);
  });

  it('a comment GitHub failed to take is written by the next event, still once', async () => {
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: true, botCloseDenounced: false });
    const issue = await bountyIssue();
    sim.failNext({ method: 'POST', pathPattern: /\/issues\/\d+\/comments$/, status: 502 });
    const pr = await openPullRequest('newbie-nia', issue.number);
    expect(await botComments(pr.number)).toEqual([]);

    await sim.pushToPullRequest({ ...REPO, number: pr.number });
    await app.ctx.background.idle();
    expect(await botComments(pr.number)).toHaveLength(1);
    await sim.pushToPullRequest({ ...REPO, number: pr.number });
    await app.ctx.background.idle();
    expect(await botComments(pr.number)).toHaveLength(1);
  });
});

describe("closing a denounced author's pull request", () => {
  it('opted in: closed with a comment that names the denouncement and not its reason', async () => {
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: false, botCloseDenounced: true });
    const issue = await bountyIssue();
    const pr = await openPullRequest('prolific-pat', issue.number);
    expect(await pullState(pr.number)).toBe('closed');
    const comments = await botComments(pr.number);
    expect(comments).toEqual([denouncedCloseComment({ login: 'prolific-pat' })]);
    expect(comments[0]).toContain("this repository's maintainers have denounced");
    expect(comments[0]).not.toContain('generated pull requests');
    const { data } = await github().rest.issues.get({ ...REPO, issue_number: pr.number });
    expect(data.closed_by?.login).toBe(BOT);
  });

  it('an author denounced after the notice is closed at the next event, with one comment more', async () => {
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: true, botCloseDenounced: true });
    const issue = await bountyIssue();
    const pr = await openPullRequest('sam-rustacean', issue.number);
    expect(await botComments(pr.number)).toHaveLength(1);
    expect(await pullState(pr.number)).toBe('open');

    await denounce(REPO_FULL_NAME, 'sam-rustacean', 'Copied the tests of another pull request');
    await sim.pushToPullRequest({ ...REPO, number: pr.number });
    await app.ctx.background.idle();
    expect(await pullState(pr.number)).toBe('closed');
    const comments = await botComments(pr.number);
    expect(comments).toHaveLength(2);
    expect(comments[1]).toBe(denouncedCloseComment({ login: 'sam-rustacean' }));
  });

  it('an author who is not denounced is never closed, opted in or not', async () => {
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: false, botCloseDenounced: true });
    const issue = await bountyIssue();
    const pr = await openPullRequest('newbie-nia', issue.number);
    expect(await pullState(pr.number)).toBe('open');
    expect(await botComments(pr.number)).toEqual([]);
  });
});

describe('where the bot does nothing new', () => {
  it('a pull request on an issue with no bounty keeps the plain status: no notice, label or close', async () => {
    await optIn(REPO_FULL_NAME, { botUnstakedNotice: true, botCloseDenounced: true });
    const issue = await stakeWorld(app, sim).createIssue({ title: `Suggested ${randomUUID()}` });
    const pr = await openPullRequest('prolific-pat', issue.number);
    expect(await stakeStatusOn(pr.head.sha)).toMatchObject({
      state: 'pending',
      description: `Not staked yet: stake at ${issuePage(issue.number)}`,
    });
    expect(await botComments(pr.number)).toEqual([]);
    expect(await labelsOn(pr.number)).toEqual([]);
    expect(await pullState(pr.number)).toBe('open');
  });

  it('a repository connected by its own webhook, not through the app: no status, comment, label or close', async () => {
    await optIn('openstake-labs/openstake-web', {
      botUnstakedNotice: true,
      botCloseDenounced: true,
    });
    await denounce('openstake-labs/openstake-web', 'prolific-pat', 'spam');
    const issue = await bountyIssue(WEB);
    for (const author of ['newbie-nia', 'prolific-pat']) {
      const pr = await openPullRequest(author, issue.number, WEB);
      expect(await stakeStatusOn(pr.head.sha, WEB)).toBeNull();
      expect(await botComments(pr.number, WEB)).toEqual([]);
      expect(await labelsOn(pr.number, WEB)).toEqual([]);
      expect(await pullState(pr.number, WEB)).toBe('open');
    }
  });
});
