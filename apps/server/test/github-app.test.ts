/** GitHub App mode (issue 13, part 1): the app's tokens, its webhook and connecting by installing. */
import { createHmac, randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { stakeStatus, STAKE_STATUS_CONTEXT } from '@openstake/core';
import { githubDeliveries, githubInstallations, repositories } from '../src/db/schema';
import type { GithubApp } from '../src/integrations/github/port';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { stakeWorld } from './helpers/stake-world';
import { STAKE_LIFETIME_DAYS } from '@openstake/core';
import { expireStakes } from '../src/modules/stakes/expire-stakes';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let sim: GithubSim;
let githubApp: GithubApp;
let base: string;
let mia: Account;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  githubApp = app.ctx.githubApp!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
});
afterAll(() => app.close());

const repositoryRow = async (fullName: string) => {
  const [row] = await app.ctx.db
    .select()
    .from(repositories)
    .where(eq(repositories.fullName, fullName));
  return row;
};

const installationRow = async (installationId: number) => {
  const [row] = await app.ctx.db
    .select()
    .from(githubInstallations)
    .where(eq(githubInstallations.installationId, installationId));
  return row;
};

/** How many installation access tokens the server has asked GitHub for, so far. */
const mintRequests = (installationId: number) =>
  sim
    .requests()
    .filter(
      (r) =>
        r.method === 'POST' &&
        r.path.endsWith(`/app/installations/${installationId}/access_tokens`),
    ).length;

const sign = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Posts a delivery to the app's webhook route over real HTTP, as GitHub does. */
const deliverAsApp = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/github/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'installation',
      'x-github-delivery': randomUUID(),
      'x-github-hook-id': '1',
      'x-github-hook-installation-target-type': 'integration',
      'x-github-hook-installation-target-id': String(githubApp.settings.appId),
      ...headers,
    },
    body,
  });

describe('the app configuration', () => {
  it('demo mode registers the app on the simulator; the bot is <slug>[bot]', () => {
    expect(githubApp.botLogin).toBe('openstake[bot]');
    expect(githubApp.installUrl).toBe(`${sim.webUrl}/apps/openstake/installations/new`);
    expect(sim.apps().map((a) => a.slug)).toContain('openstake');
  });

  it('/api/config names the app and its installation page, and no secret of it', async () => {
    const answer = await app.server.inject('/api/config');
    const config = answer.json<{ data: { githubApp: unknown } }>();
    expect(config.data.githubApp).toEqual({ slug: 'openstake', installUrl: githubApp.installUrl });
    expect(answer.body).not.toContain(githubApp.settings.webhookSecret);
  });
});

describe('connecting by installing the app', () => {
  let installationId: number;

  it('an installation by an OpenStake maintainer with push access connects its repositories', async () => {
    const installation = await sim.installApp({
      app: 'openstake',
      account: 'openstake-labs',
      repositories: ['stake-engine', 'docs'],
      by: 'mia-maintainer',
    });
    installationId = installation.id;
    expect(await installationRow(installationId)).toMatchObject({
      accountLogin: 'openstake-labs',
      installedByLogin: 'mia-maintainer',
      appId: githubApp.settings.appId,
      notConnectedReason: null,
      deletedAt: null,
    });
    for (const fullName of ['openstake-labs/stake-engine', 'openstake-labs/docs']) {
      const row = await repositoryRow(fullName);
      expect(row).toMatchObject({ installationId, connectedBy: mia.user.id, webhookId: null });
      // No webhook and no secret of its own: the app's one webhook reaches it.
      expect(row?.webhookSecretEncrypted).toBeNull();
      expect(row?.connectedAt).toBeInstanceOf(Date);
    }
    // The maintainer's list shows them connected.
    const list = await app.server.inject({
      url: '/api/maintainer/repositories',
      headers: { cookie: mia.cookie },
    });
    expect(list.body).toContain('openstake-labs/stake-engine');
  });

  it('the app webhook records events of its connected repositories once, and ignores others', async () => {
    const pull = await sim.openPullRequest({
      ...{ owner: 'openstake-labs', repo: 'stake-engine' },
      author: 'octo-dev',
      title: 'Make the engine faster',
      body: 'Fixes #1',
    });
    const delivered = sim
      .deliveries()
      .filter(
        (d) =>
          d.event === 'pull_request' && (d.payload as { number?: number }).number === pull.number,
      );
    expect(delivered.map((d) => d.status)).toEqual([202]);
    const stored = await app.ctx.db
      .select()
      .from(githubDeliveries)
      .where(eq(githubDeliveries.deliveryId, delivered[0]!.id));
    expect(stored).toMatchObject([
      { event: 'pull_request', repositoryFullName: 'openstake-labs/stake-engine' },
    ]);
    // The same signed bytes again: acknowledged as a duplicate, not recorded twice.
    const again = await fetch(delivered[0]!.url, {
      method: 'POST',
      headers: delivered[0]!.requestHeaders,
      body: delivered[0]!.body,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
  });

  it('repositories added by the maintainer connect; removed ones disconnect', async () => {
    await sim.addInstallationRepositories({
      installationId,
      repositories: ['ledger-core'],
      by: 'mia-maintainer',
    });
    expect(await repositoryRow('openstake-labs/ledger-core')).toMatchObject({
      installationId,
      connectedBy: mia.user.id,
    });
    expect((await repositoryRow('openstake-labs/ledger-core'))?.connectedAt).not.toBeNull();
    await sim.removeInstallationRepositories({
      installationId,
      repositories: ['docs'],
      by: 'mia-maintainer',
    });
    expect(await repositoryRow('openstake-labs/docs')).toMatchObject({
      installationId: null,
      connectedAt: null,
    });
    expect((await repositoryRow('openstake-labs/stake-engine'))?.connectedAt).not.toBeNull();
  });

  it('an event of a repository no longer connected is acknowledged and ignored', async () => {
    const before = (await app.ctx.db.select().from(githubDeliveries)).length;
    await sim.commentOnIssue({
      ...{ owner: 'openstake-labs', repo: 'docs' },
      number: 1,
      author: 'octo-dev',
      body: 'Still here?',
    });
    expect((await app.ctx.db.select().from(githubDeliveries)).length).toBe(before);
  });

  it('uninstalling the app disconnects every repository connected through it', async () => {
    await sim.uninstallApp({ installationId, by: 'mia-maintainer' });
    expect((await installationRow(installationId))?.deletedAt).toBeInstanceOf(Date);
    for (const fullName of ['openstake-labs/stake-engine', 'openstake-labs/ledger-core']) {
      expect(await repositoryRow(fullName)).toMatchObject({
        installationId: null,
        connectedAt: null,
      });
    }
  });

  it('an installation by someone without an OpenStake account connects nothing, and says why', async () => {
    const installation = await sim.installApp({
      app: 'openstake',
      account: 'pixel-forge',
      repositories: ['pixel-ui'],
      by: 'frontend-fay',
    });
    expect(await repositoryRow('pixel-forge/pixel-ui')).toBeUndefined();
    expect((await installationRow(installation.id))?.notConnectedReason).toBe(
      'frontend-fay has no OpenStake maintainer account with this GitHub account connected',
    );
    await sim.uninstallApp({ installationId: installation.id });
  });

  it('nor by a contributor, even one whose GitHub account is verified', async () => {
    const octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
    await linkGithub(base, octo, 'octo-dev');
    const installation = await sim.installApp({
      app: 'openstake',
      account: 'octo-dev',
      repositories: ['ts-utils'],
      by: 'octo-dev',
    });
    expect(await repositoryRow('octo-dev/ts-utils')).toBeUndefined();
    expect((await installationRow(installation.id))?.notConnectedReason).toMatch(
      /^octo-dev has no OpenStake maintainer account/,
    );
    await sim.uninstallApp({ installationId: installation.id });
  });
});

describe('connecting needs push access to each repository', () => {
  it('a maintainer who adds a repository they cannot push to does not connect it', async () => {
    const rita = await createUser(app, 'maintainer', { githubUsername: 'rita-reader' });
    await linkGithub(base, rita, 'rita-reader');
    const installation = await sim.installApp({
      app: 'openstake',
      account: 'openstake-labs',
      repositories: ['docs'],
      by: 'mia-maintainer',
    });
    // rita-reader only reads openstake-web (GitHub lets whoever manages the installation add it).
    await sim.addInstallationRepositories({
      installationId: installation.id,
      repositories: ['openstake-web'],
      by: 'rita-reader',
    });
    expect((await repositoryRow('openstake-labs/openstake-web'))?.connectedAt ?? null).toBeNull();
    expect((await installationRow(installation.id))?.notConnectedReason).toBe(
      'rita-reader cannot push to openstake-labs/openstake-web',
    );
    expect((await repositoryRow('openstake-labs/docs'))?.connectedAt).toBeInstanceOf(Date);
    await sim.uninstallApp({ installationId: installation.id });
    expect((await repositoryRow('openstake-labs/docs'))?.connectedAt).toBeNull();
  });
});

describe("the app's webhook signature", () => {
  const body = JSON.stringify({
    action: 'created',
    installation: { id: 424242, app_id: 1, account: { login: 'openstake-labs' } },
    sender: { id: 10002, login: 'mia-maintainer' },
    repositories: [],
  });

  it('refuses an unsigned delivery, one signed with another secret, and one for another app', async () => {
    expect((await deliverAsApp(body)).status).toBe(401);
    const wrong = await deliverAsApp(body, { 'x-hub-signature-256': sign('not-the-secret', body) });
    expect(wrong.status).toBe(401);
    const otherApp = await deliverAsApp(body, {
      'x-hub-signature-256': sign(githubApp.settings.webhookSecret, body),
      'x-github-hook-installation-target-id': String(githubApp.settings.appId + 1),
    });
    expect(otherApp.status).toBe(401);
    // A repository hook's secret is no use either: the app's deliveries need the app's.
    expect(await installationRow(424242)).toBeUndefined();
  });

  it('accepts one signed with the app secret, once', async () => {
    const headers = {
      'x-hub-signature-256': sign(githubApp.settings.webhookSecret, body),
      'x-github-delivery': randomUUID(),
    };
    const first = await deliverAsApp(body, headers);
    expect(first.status).toBe(202);
    await app.ctx.background.idle();
    expect(await installationRow(424242)).toMatchObject({ installedByLogin: 'mia-maintainer' });
    const replay = await deliverAsApp(body, { ...headers, 'x-github-delivery': randomUUID() });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ duplicate: true });
  });
});

describe('installation tokens and the bot', () => {
  let installationId: number;
  const ENGINE = { owner: 'openstake-labs', repo: 'stake-engine' };

  beforeAll(async () => {
    installationId = (
      await sim.installApp({
        app: 'openstake',
        account: 'openstake-labs',
        repositories: ['stake-engine'],
        by: 'mia-maintainer',
      })
    ).id;
  });

  it('mints one token for several calls, and again once GitHub expires it', async () => {
    // The installation event's permission check minted the first token; these calls reuse it.
    expect(mintRequests(installationId)).toBe(1);
    const maintainerCanPush = () =>
      githubApp.canPush(installationId, { ...ENGINE, username: 'mia-maintainer' });
    await maintainerCanPush();
    await Promise.all([
      maintainerCanPush(),
      githubApp.canPush(installationId, { ...ENGINE, username: 'octo-dev' }),
    ]);
    expect(await maintainerCanPush()).toBe(true);
    expect(mintRequests(installationId)).toBe(1);

    expect(sim.expireInstallationTokens(installationId)).toBeGreaterThan(0);
    expect(await maintainerCanPush()).toBe(true);
    expect(mintRequests(installationId)).toBe(2);

    // An hour later on GitHub's clock the token has expired: minted again, once.
    sim.advanceClock(61 * 60_000);
    await maintainerCanPush();
    await maintainerCanPush();
    expect(mintRequests(installationId)).toBe(3);
  });

  it('writes comments as <slug>[bot], and finds its own by a marker', async () => {
    const marker = '<!-- openstake:test -->';
    // A person's comment holding the marker is not the bot's.
    await sim.commentOnIssue({ ...ENGINE, number: 1, author: 'octo-dev', body: `${marker} me` });
    expect(
      await githubApp.findBotComment(installationId, { ...ENGINE, issueNumber: 1, marker }),
    ).toBeNull();
    const comment = await githubApp.createIssueComment(installationId, {
      ...ENGINE,
      issueNumber: 1,
      body: `${marker}\nHello from the bot`,
    });
    const onGithub = await new Octokit({ baseUrl: sim.apiUrl }).rest.issues.getComment({
      ...ENGINE,
      comment_id: comment.id,
    });
    expect(onGithub.data.user?.login).toBe('openstake[bot]');
    const found = await githubApp.findBotComment(installationId, {
      ...ENGINE,
      issueNumber: 1,
      marker,
    });
    expect(found?.id).toBe(comment.id);
    const updated = await githubApp.updateIssueComment(installationId, {
      ...ENGINE,
      commentId: comment.id,
      body: `${marker}\nUpdated`,
    });
    expect(updated.body).toContain('Updated');
  });

  it('writes the openstake/stake commit status as the bot', async () => {
    const pull = await sim.openPullRequest({
      ...ENGINE,
      author: 'octo-dev',
      title: 'Stake me',
      body: 'Fixes #1',
    });
    const status = stakeStatus({
      issueNumber: 1,
      staked: null,
      stakeUrl: `${base}/contributor/issue/openstake-labs/stake-engine/1`,
    });
    await githubApp.setStakeStatus(installationId, { ...ENGINE, sha: pull.head.sha, status });
    const { data } = await new Octokit({ baseUrl: sim.apiUrl }).rest.repos.listCommitStatusesForRef(
      { ...ENGINE, ref: pull.head.sha },
    );
    expect(data[0]).toMatchObject({
      context: STAKE_STATUS_CONTEXT,
      state: 'pending',
      description: status.description,
      creator: { login: 'openstake[bot]' },
    });
  });
});

describe('the openstake/stake status of pull requests in app-connected repositories', () => {
  const ENGINE = { owner: 'openstake-labs', repo: 'stake-engine' };
  let nia: Account;

  beforeAll(async () => {
    nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
    await linkGithub(base, nia, 'newbie-nia');
    // stake-engine is connected through the installation of the describe block above.
    expect((await repositoryRow('openstake-labs/stake-engine'))?.installationId).toEqual(
      expect.any(Number),
    );
  });

  /** The newest `openstake/stake` status of a commit, as GitHub shows it. */
  const stakeStatusOn = async (sha: string) => {
    const { data } = await new Octokit({ baseUrl: sim.apiUrl }).rest.repos.getCombinedStatusForRef({
      ...ENGINE,
      ref: sha,
    });
    return data.statuses.find((s) => s.context === STAKE_STATUS_CONTEXT) ?? null;
  };

  it('is pending with where to stake, turns green on the stake, and follows a push', async () => {
    const world = stakeWorld(app, sim, ENGINE);
    const issue = await world.createIssue({ title: 'Status check me' });
    const opened = await sim.openPullRequest({
      ...ENGINE,
      author: 'newbie-nia',
      title: 'Work on it',
      body: `Fixes #${String(issue.number)}`,
    });
    const stakeUrl = `${base}/contributor/issue/openstake-labs/stake-engine/${String(issue.number)}`;
    expect(await stakeStatusOn(opened.head.sha)).toMatchObject({
      state: 'pending',
      description: `Not staked yet: stake at ${stakeUrl}`,
      target_url: stakeUrl,
    });

    const res = await app.server.inject({
      method: 'POST',
      url: '/api/contributor/stakes',
      headers: { cookie: nia.cookie },
      payload: { issueId: issue.githubId, prUrl: opened.html_url, amount: issue.stakingRequired },
    });
    expect(res.statusCode).toBe(201);
    await app.ctx.background.idle();
    expect(await stakeStatusOn(opened.head.sha)).toMatchObject({
      state: 'success',
      description: `Staked ${String(issue.stakingRequired)} coins on #${String(issue.number)}`,
    });

    // A push: the new head gets the status too.
    const pushed = await sim.pushToPullRequest({ ...ENGINE, number: opened.number });
    expect(pushed.head.sha).not.toBe(opened.head.sha);
    expect(await stakeStatusOn(pushed.head.sha)).toMatchObject({ state: 'success' });
  });

  it('turns pending again when the stake expires while the pull request is open', async () => {
    const world = stakeWorld(app, sim, ENGINE);
    const issue = await world.createIssue({ title: 'Slow work' });
    const opened = await sim.openPullRequest({
      ...ENGINE,
      author: 'newbie-nia',
      title: 'Slowly',
      body: `Fixes #${String(issue.number)}`,
    });
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/contributor/stakes',
      headers: { cookie: nia.cookie },
      payload: { issueId: issue.githubId, prUrl: opened.html_url, amount: issue.stakingRequired },
    });
    expect(res.statusCode).toBe(201);
    await app.ctx.background.idle();
    expect(await stakeStatusOn(opened.head.sha)).toMatchObject({ state: 'success' });
    const later = new Date(Date.now() + (STAKE_LIFETIME_DAYS + 1) * 86_400_000);
    expect(await expireStakes({ ...app.ctx, clock: { now: () => later } })).toBeGreaterThan(0);
    expect(await stakeStatusOn(opened.head.sha)).toMatchObject({
      state: 'pending',
      description: expect.stringMatching(/^Not staked yet: stake at /),
    });
  });

  it('is not written on a pull request that references no issue OpenStake tracks', async () => {
    const opened = await sim.openPullRequest({
      ...ENGINE,
      author: 'newbie-nia',
      title: 'Typo',
      body: 'Just a typo, see #999999',
    });
    expect(await stakeStatusOn(opened.head.sha)).toBeNull();
  });
});
