/** GitHub App mode: JWT auth, installations, installation tokens and the app's own webhook. */
import { generateKeyPairSync, createSign } from 'node:crypto';
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hasValidSignature,
  octokitFor,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../test/helpers';
import { startGithubSim, type GithubSim, type SimAppInfo } from './index';

const SECRET = 'app-webhook-secret';
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

let sim: GithubSim;
let receiver: WebhookReceiver;
let app: SimAppInfo;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sim = await startGithubSim();
  app = sim.createApp({
    slug: 'openstake-bot',
    name: 'OpenStake',
    webhookUrl: receiver.url,
    webhookSecret: SECRET,
  });
});
afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

/** Octokit authenticated as the app (JWT), or as an installation when given its id. */
const appOctokit = (installationId?: number, info: SimAppInfo = app) =>
  new Octokit({
    baseUrl: sim.apiUrl,
    authStrategy: createAppAuth,
    auth: {
      appId: info.id,
      privateKey: info.privateKey,
      ...(installationId ? { installationId } : {}),
    },
    log: quiet,
  });

/** A JWT signed by hand, to try what Octokit never sends. */
function jwt(claims: Record<string, unknown>, privateKey = app.privateKey): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = createSign('RSA-SHA256').update(body).sign(privateKey, 'base64url');
  return `${body}.${signature}`;
}

async function getApp(token: string) {
  const res = await fetch(`${sim.apiUrl}/app`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { message?: string; slug?: string } };
}

const events = () =>
  receiver.received.map((r) => `${String(r.headers['x-github-event'])}:${String(r.json.action)}`);

describe('app JWT', () => {
  it('authenticates GET /app with Octokit app auth', async () => {
    const { data } = await appOctokit().rest.apps.getAuthenticated();
    expect(data).toMatchObject({ id: app.id, slug: 'openstake-bot', name: 'OpenStake' });
    expect(data?.permissions).toMatchObject({ issues: 'write', checks: 'write' });
  });

  it('refuses expired, future, too long and wrongly signed JWTs with GitHub messages', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ok = await getApp(jwt({ iss: app.id, iat: now - 30, exp: now + 540 }));
    expect(ok).toMatchObject({ status: 200, body: { slug: 'openstake-bot' } });
    expect(await getApp(jwt({ iss: String(app.id), iat: now - 700, exp: now - 100 }))).toEqual({
      status: 401,
      body: expect.objectContaining({
        message:
          "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires",
      }),
    });
    expect((await getApp(jwt({ iss: app.id, iat: now + 300, exp: now + 500 }))).body.message).toBe(
      "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued",
    );
    expect((await getApp(jwt({ iss: app.id, iat: now, exp: now + 3600 }))).body.message).toBe(
      "'Expiration time' claim ('exp') is too far in the future",
    );
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    const wrongKey = await getApp(jwt({ iss: app.id, iat: now, exp: now + 500 }, otherKey));
    expect(wrongKey).toEqual({
      status: 401,
      body: expect.objectContaining({ message: 'A JSON web token could not be decoded' }),
    });
    expect((await getApp(jwt({ iss: 999_999, iat: now, exp: now + 500 }))).status).toBe(401);
  });

  it('is only for the app endpoints; the app endpoints take nothing else', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = jwt({ iss: app.id, iat: now - 30, exp: now + 500 });
    const repo = await fetch(`${sim.apiUrl}/repos/openstake-labs/stake-engine/issues`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(repo.status).toBe(403);
    const asUser = await fetch(`${sim.apiUrl}/app`, {
      headers: { authorization: `token ${sim.tokenFor('mia-maintainer')}` },
    });
    expect(asUser.status).toBe(401);
  });
});

describe('installations and their tokens', () => {
  let installationId: number;

  beforeAll(async () => {
    const installation = await sim.installApp({
      app: app.id,
      account: 'openstake-labs',
      repositories: ['stake-engine', 'openstake-web'],
    });
    installationId = installation.id;
  });

  it('updateApp sets a webhook URL after registration, and null stops the deliveries', async () => {
    const late = sim.createApp({ slug: 'late-hook' });
    expect(late.webhookUrl).toBeNull();
    const updated = sim.updateApp('late-hook', { webhookUrl: receiver.url, webhookSecret: 'late' });
    expect(updated.webhookUrl).toBe(receiver.url);
    const installation = await sim.installApp({
      app: late.id,
      account: 'octo-dev',
      repositories: ['ts-utils'],
    });
    const [delivery] = receiver.received;
    expect(events()).toEqual(['installation:created']);
    expect(delivery && hasValidSignature(delivery, 'late')).toBe(true);
    expect(() => sim.updateApp('late-hook', { webhookUrl: 'not a url' })).toThrow(/http/);
    sim.updateApp('late-hook', { webhookUrl: null });
    await sim.uninstallApp({ installationId: installation.id });
    expect(events()).toEqual(['installation:created']);
  });

  it("GitHub's installation page installs the app on a repository its admin picks", async () => {
    const paged = sim.createApp({ slug: 'install-page', webhookUrl: receiver.url });
    const url = `${sim.webUrl}/apps/install-page/installations/new`;
    const form = await (await fetch(url)).text();
    expect(form).toContain('<select id="login" name="login">');
    expect(form).toContain('<option value="openstake-labs/docs">');
    const install = (login: string, repository: string) =>
      fetch(url, { method: 'POST', body: new URLSearchParams({ login, repository }) });
    // rita-reader only reads openstake-labs/stake-engine: GitHub would not let her install.
    expect((await install('rita-reader', 'openstake-labs/stake-engine')).status).toBe(403);
    expect(receiver.received).toHaveLength(0);
    const done = await install('mia-maintainer', 'openstake-labs/docs');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('is installed on openstake-labs/docs');
    await install('mia-maintainer', 'openstake-labs/ledger-core');
    expect(events()).toEqual(['installation:created', 'installation_repositories:added']);
    expect(receiver.received[0]?.json).toMatchObject({
      installation: { app_id: paged.id, account: { login: 'openstake-labs' } },
      repositories: [{ full_name: 'openstake-labs/docs' }],
      sender: { login: 'mia-maintainer' },
    });
    expect((await fetch(`${sim.webUrl}/apps/nope/installations/new`)).status).toBe(404);
    const installed = receiver.received[0]?.json as { installation: { id: number } };
    await sim.uninstallApp({ installationId: installed.installation.id });
  });

  it('delivers installation created to the app webhook, signed with the app secret', async () => {
    const other = sim.createApp({
      slug: 'install-watch',
      webhookUrl: receiver.url,
      webhookSecret: 'other',
    });
    const installation = await sim.installApp({
      app: 'install-watch',
      account: 'octo-dev',
      repositories: ['ts-utils'],
    });
    const [delivery] = receiver.received;
    expect(events()).toEqual(['installation:created']);
    expect(delivery && hasValidSignature(delivery, 'other')).toBe(true);
    expect(delivery?.headers).toMatchObject({
      'x-github-hook-installation-target-type': 'integration',
      'x-github-hook-installation-target-id': String(other.id),
    });
    expect(delivery?.json).toMatchObject({
      action: 'created',
      installation: {
        id: installation.id,
        app_id: other.id,
        account: { login: 'octo-dev' },
        repository_selection: 'selected',
      },
      repositories: [{ full_name: 'octo-dev/ts-utils', private: false }],
      sender: { login: 'octo-dev' },
    });
    await sim.uninstallApp({ installationId: installation.id });
    expect(events()).toEqual(['installation:created', 'installation:deleted']);
  });

  it('lists and finds installations with the JWT', async () => {
    const octokit = appOctokit();
    const list = await octokit.rest.apps.listInstallations();
    expect(list.data.map((i) => i.id)).toEqual([installationId]);
    const one = await octokit.rest.apps.getInstallation({ installation_id: installationId });
    expect(one.data).toMatchObject({ app_slug: 'openstake-bot', target_type: 'Organization' });
    const byRepo = await octokit.rest.apps.getRepoInstallation({
      owner: 'openstake-labs',
      repo: 'stake-engine',
    });
    expect(byRepo.data.id).toBe(installationId);
    await expect(
      octokit.rest.apps.getRepoInstallation({ owner: 'openstake-labs', repo: 'docs' }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.apps.getOrgInstallation({ org: 'openstake-labs' })).data.id).toBe(
      installationId,
    );
    await expect(
      octokit.rest.apps.getUserInstallation({ username: 'octo-dev' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('mints installation tokens that act as <slug>[bot] on the installed repositories', async () => {
    const { data } = await appOctokit().rest.apps.createInstallationAccessToken({
      installation_id: installationId,
    });
    expect(data.token).toMatch(/^ghs_/);
    expect(data.repository_selection).toBe('selected');
    const expiresIn = Date.parse(data.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);

    const bot = appOctokit(installationId);
    const repos = await bot.rest.apps.listReposAccessibleToInstallation();
    expect(repos.data.repositories.map((r) => r.full_name).sort()).toEqual([
      'openstake-labs/openstake-web',
      'openstake-labs/stake-engine',
    ]);
    const comment = await bot.rest.issues.createComment({
      owner: 'openstake-labs',
      repo: 'stake-engine',
      issue_number: 1,
      body: 'Hello from the bot',
    });
    expect(comment.data.user).toMatchObject({ login: 'openstake-bot[bot]', type: 'Bot' });
    expect(comment.data.performed_via_github_app).toMatchObject({ slug: 'openstake-bot' });
    // Another repository of the organization, not in the installation: no writes.
    await expect(
      bot.rest.issues.createComment({
        owner: 'openstake-labs',
        repo: 'docs',
        issue_number: 1,
        body: 'nope',
      }),
    ).rejects.toMatchObject({ status: 403, message: expect.stringContaining('integration') });
    // A private repository outside it: not even there.
    await expect(
      bot.rest.repos.get({ owner: 'openstake-labs', repo: 'internal-tools' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(bot.rest.users.getAuthenticated()).rejects.toMatchObject({ status: 403 });
  });

  it('labels, unlabels and closes a pull request as <slug>[bot], with its app permissions', async () => {
    const bot = appOctokit(installationId);
    const engine = { owner: 'openstake-labs', repo: 'stake-engine' };
    const pull = await sim.openPullRequest({ ...engine, author: 'octo-dev', title: 'Label me' });
    const added = await bot.rest.issues.addLabels({
      ...engine,
      issue_number: pull.number,
      labels: ['unstaked'],
    });
    expect(added.data.map((l) => l.name)).toEqual(['unstaked']);
    const removed = await bot.rest.issues.removeLabel({
      ...engine,
      issue_number: pull.number,
      name: 'unstaked',
    });
    expect(removed.data).toEqual([]);
    await expect(
      bot.rest.issues.removeLabel({ ...engine, issue_number: pull.number, name: 'unstaked' }),
    ).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('Label does not exist'),
    });

    const closed = await bot.rest.pulls.update({
      ...engine,
      pull_number: pull.number,
      state: 'closed',
    });
    expect(closed.data.state).toBe('closed');
    const issue = await bot.rest.issues.get({ ...engine, issue_number: pull.number });
    expect(issue.data.closed_by).toMatchObject({ login: 'openstake-bot[bot]', type: 'Bot' });
  });

  it("reads a user's permission on an installed repository, as GitHub lets an app", async () => {
    const bot = appOctokit(installationId);
    const permission = (repo: string, username: string) =>
      bot.rest.repos.getCollaboratorPermissionLevel({ owner: 'openstake-labs', repo, username });
    expect((await permission('stake-engine', 'mia-maintainer')).data.permission).toBe('admin');
    expect((await permission('stake-engine', 'rita-reader')).data.permission).toBe('read');
    // Not installed there: the bot is no collaborator of it.
    await expect(permission('docs', 'mia-maintainer')).rejects.toMatchObject({ status: 403 });
  });

  it('reads pull requests over GraphQL with an installation token', async () => {
    const { token } = sim.installationToken(installationId);
    const res = await fetch(`${sim.origin}/api/graphql`, {
      method: 'POST',
      headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ repository(owner: "openstake-labs", name: "stake-engine") { pullRequest(number: 18) { number state } } }',
      }),
    });
    expect(await res.json()).toEqual({
      data: { repository: { pullRequest: { number: 18, state: 'OPEN' } } },
    });
  });

  it('narrows a token to some repositories', async () => {
    const { data } = await appOctokit().rest.apps.createInstallationAccessToken({
      installation_id: installationId,
      repositories: ['stake-engine'],
    });
    expect(data.repository_selection).toBe('selected');
    expect(data.repositories?.map((r) => r.name)).toEqual(['stake-engine']);
    const narrowed = new Octokit({ baseUrl: sim.apiUrl, auth: data.token, log: quiet });
    await expect(
      narrowed.rest.issues.createComment({
        owner: 'openstake-labs',
        repo: 'openstake-web',
        issue_number: 1,
        body: 'nope',
      }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      appOctokit().rest.apps.createInstallationAccessToken({
        installation_id: installationId,
        repositories: ['docs'],
      }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('expires tokens after an hour of the simulator clock, or on demand', async () => {
    const { token, expiresAt } = sim.installationToken(installationId);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const octokit = new Octokit({ baseUrl: sim.apiUrl, auth: token, log: quiet });
    const read = () => octokit.rest.apps.listReposAccessibleToInstallation();
    await expect(read()).resolves.toMatchObject({ status: 200 });
    sim.advanceClock(59 * 60_000);
    await expect(read()).resolves.toMatchObject({ status: 200 });
    sim.advanceClock(60_000);
    await expect(read()).rejects.toMatchObject({
      status: 401,
      message: expect.stringContaining('Bad credentials'),
    });

    const fresh = sim.installationToken(installationId);
    const again = new Octokit({ baseUrl: sim.apiUrl, auth: fresh.token, log: quiet });
    await expect(again.rest.apps.listReposAccessibleToInstallation()).resolves.toBeDefined();
    expect(sim.expireInstallationTokens(installationId)).toBeGreaterThan(0);
    await expect(again.rest.apps.listReposAccessibleToInstallation()).rejects.toMatchObject({
      status: 401,
    });
    // Octokit's app auth mints a new token when asked to refresh.
    const auth = createAppAuth({
      appId: app.id,
      privateKey: app.privateKey,
      request: new Octokit({ baseUrl: sim.apiUrl, log: quiet }).request,
    });
    const minted = await auth({ type: 'installation', installationId, refresh: true });
    expect(minted.token).toMatch(/^ghs_/);
  });

  it('adds and removes repositories with installation_repositories webhooks', async () => {
    await sim.addInstallationRepositories({ installationId, repositories: ['docs'] });
    await sim.removeInstallationRepositories({
      installationId,
      repositories: ['openstake-labs/docs'],
    });
    expect(events()).toEqual([
      'installation_repositories:added',
      'installation_repositories:removed',
    ]);
    const [added, removed] = receiver.received;
    expect(added && hasValidSignature(added, SECRET)).toBe(true);
    expect(added?.json).toMatchObject({
      repository_selection: 'selected',
      repositories_added: [{ full_name: 'openstake-labs/docs' }],
      repositories_removed: [],
      installation: { id: installationId },
      sender: { login: 'mia-maintainer' },
    });
    expect(removed?.json).toMatchObject({
      repositories_added: [],
      repositories_removed: [{ full_name: 'openstake-labs/docs' }],
    });
  });

  it("sends the installed repositories' events to the app with installation.id", async () => {
    const mia = octokitFor(sim, 'mia-maintainer');
    await mia.rest.issues.createComment({
      owner: 'openstake-labs',
      repo: 'stake-engine',
      issue_number: 1,
      body: '/bounty 50',
    });
    await mia.rest.issues.createComment({
      owner: 'openstake-labs',
      repo: 'docs',
      issue_number: 1,
      body: 'not installed here',
    });
    await sim.idle();
    expect(events()).toEqual(['issue_comment:created']);
    const [delivery] = receiver.received;
    expect(delivery && hasValidSignature(delivery, SECRET)).toBe(true);
    expect(delivery?.headers).toMatchObject({
      'x-github-event': 'issue_comment',
      'x-github-hook-installation-target-type': 'integration',
      'x-github-hook-installation-target-id': String(app.id),
    });
    expect(delivery?.json).toMatchObject({
      installation: { id: installationId },
      comment: { body: '/bounty 50' },
      repository: { full_name: 'openstake-labs/stake-engine' },
    });
    expect(sim.deliveries().at(-1)).toMatchObject({
      appId: app.id,
      installationId,
      event: 'issue_comment',
    });
  });
});
