import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import { createHmac, randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { githubAccounts, githubDeliveries, repositories, users, xpEvents } from '../src/db/schema';
import { decryptSecret } from '../src/lib/secret-box';
import { getBalance, walletOf } from '../src/modules/ledger/accounts';
import { listPendingGithubEvents } from '../src/modules/github-events/github-event-store';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let sim: GithubSim;
let base: string;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
});
afterAll(() => app.close());

/** Runs an OAuth round trip over real HTTP and returns where the app finally sends the browser. */
async function oauth(
  jar: Browserish,
  start: string,
  login: string,
  decision: 'approve' | 'cancel' = 'approve',
): Promise<URL> {
  const first = await jar.fetch(`${base}${start}`);
  expect(first.status).toBe(302);
  const callback = await approveOnSim(first.headers.get('location')!, login, decision);
  const back = await jar.fetch(callback);
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!, base);
}

const accountOf = async (userId: string) =>
  (await app.ctx.db.select().from(githubAccounts).where(eq(githubAccounts.userId, userId)))[0];
const xpOf = async (userId: string) =>
  (await app.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.xp;

/** Merged pull requests by `login` to repositories it does not own, counted through GitHub's API. */
/** The user's merged pull requests as GitHub's search lists them (any repository, any merger). */
async function mergedPullRequests(login: string) {
  const octokit = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor(login) });
  return octokit.paginate(octokit.rest.search.issuesAndPullRequests, {
    q: `is:pr is:merged author:${login}`,
    per_page: 100,
  });
}

/**
 * What starting XP counts, worked out here through REST, one pull request at a time: merged pull
 * requests to repositories the user does not own, merged by someone else.
 */
async function mergedToOthers(login: string): Promise<number> {
  const octokit = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor(login) });
  let count = 0;
  for (const item of await mergedPullRequests(login)) {
    const [owner, repo] = item.repository_url.split('/').slice(-2) as [string, string];
    if (owner.toLowerCase() === login.toLowerCase()) continue;
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: item.number });
    if (data.merged_by && data.merged_by.login.toLowerCase() !== login.toLowerCase()) count++;
  }
  return count;
}

describe('Connect GitHub (OAuth link)', () => {
  let octo: Account;
  beforeAll(async () => {
    octo = await createUser(app, 'contributor', { githubUsername: 'Octo-Dev' });
  });

  it('asks GitHub for the scopes OpenStake uses, organization roles included', async () => {
    const start = await new Browserish(octo.cookie).fetch(`${base}/api/github/connect`);
    const scopes = new URL(start.headers.get('location')!).searchParams.get('scope')!.split(/[ ,]/);
    expect(scopes.sort()).toEqual([
      'admin:repo_hook',
      'read:org',
      'read:user',
      'repo',
      'user:email',
    ]);
  });

  it('links the verified account, stores the token encrypted, and grants starting XP once', async () => {
    const jar = new Browserish(octo.cookie);
    const landed = await oauth(
      jar,
      '/api/github/connect?returnTo=/contributor/settings',
      'octo-dev',
    );
    expect(`${landed.pathname}${landed.search}`).toBe('/contributor/settings?github=connected');

    const account = await app.server.inject({
      url: '/api/github/account',
      headers: { cookie: octo.cookie },
    });
    expect(account.json().data).toMatchObject({ linked: true, login: 'octo-dev' });

    const row = (await accountOf(octo.user.id))!;
    expect(row.accessTokenEncrypted).not.toMatch(/gho_/);
    const token = decryptSecret(app.ctx.secrets.encryptionKey, row.accessTokenEncrypted);
    const me = await new Octokit({
      baseUrl: sim.apiUrl,
      auth: token,
    }).rest.users.getAuthenticated();
    expect(me.data.login).toBe('octo-dev');
    expect(account.body).not.toContain(token);
    expect(app.rawLogs()).not.toContain(token);

    const merged = await mergedToOthers('octo-dev');
    expect(merged).toBeGreaterThanOrEqual(7);
    expect(await xpOf(octo.user.id)).toBe(Math.min(500, 10 * merged));

    // Linking again (a fresh token) changes nothing about XP.
    await oauth(jar, '/api/github/connect', 'octo-dev');
    expect(await xpOf(octo.user.id)).toBe(Math.min(500, 10 * merged));
    expect(
      await app.ctx.db.select().from(xpEvents).where(eq(xpEvents.userId, octo.user.id)),
    ).toHaveLength(1);
  });

  it('caps starting XP at 500', async () => {
    const pat = await createUser(app, 'contributor', { githubUsername: 'prolific-pat' });
    expect(await mergedToOthers('prolific-pat')).toBeGreaterThan(50);
    await oauth(new Browserish(pat.cookie), '/api/github/connect', 'prolific-pat');
    expect(await xpOf(pat.user.id)).toBe(500);
  });

  it('counts no pull request its author merged: self-merges in an organization of their own add nothing', async () => {
    // lena-pythonista administers data-harbor: she can open and merge her own pull requests
    // there, a repository she does not own, by the dozen.
    const counted = await mergedToOthers('lena-pythonista');
    const listed = (await mergedPullRequests('lena-pythonista')).length;
    for (let n = 0; n < 3; n++) {
      const pull = await sim.openPullRequest({
        owner: 'data-harbor',
        repo: 'stream-pipe',
        author: 'lena-pythonista',
        title: `Self-merged ${String(n)}`,
      });
      await sim.mergePullRequest({
        owner: 'data-harbor',
        repo: 'stream-pipe',
        number: pull.number,
        by: 'lena-pythonista',
      });
    }
    expect((await mergedPullRequests('lena-pythonista')).length).toBe(listed + 3);
    expect(await mergedToOthers('lena-pythonista')).toBe(counted);

    const lena = await createUser(app, 'contributor', { githubUsername: 'lena-pythonista' });
    await oauth(new Browserish(lena.cookie), '/api/github/connect', 'lena-pythonista');
    expect(await xpOf(lena.user.id)).toBe(Math.min(500, 10 * counted));
  });

  it('refuses an approved GitHub account that is not the typed username', async () => {
    const nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
    const landed = await oauth(new Browserish(nia.cookie), '/api/github/connect', 'octo-dev');
    expect(landed.pathname).toBe('/contributor/dashboard');
    expect(landed.searchParams.get('github')).toBe('error');
    expect(landed.searchParams.get('message')).toBe(
      'The GitHub account you approved (octo-dev) does not match your GitHub username (newbie-nia)',
    );
    expect(await accountOf(nia.user.id)).toBeUndefined();
    expect(await xpOf(nia.user.id)).toBe(0);
  });

  it('refuses a GitHub account already linked to another OpenStake account', async () => {
    const twin = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
    const landed = await oauth(new Browserish(twin.cookie), '/api/github/connect', 'octo-dev');
    expect(landed.searchParams.get('message')).toBe(
      'This GitHub account is already linked to another OpenStake account',
    );
    expect(await accountOf(twin.user.id)).toBeUndefined();
  });

  it('refuses a forged state, a state from another browser, and a cancelled authorization', async () => {
    const nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
    const jar = new Browserish(nia.cookie);
    const first = await jar.fetch(`${base}/api/github/connect`);
    const callback = new URL(
      await approveOnSim(first.headers.get('location')!, 'newbie-nia', 'approve'),
    );

    const forged = new URL(callback);
    forged.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const forgedRes = await jar.fetch(forged.toString());
    expect(new URL(forgedRes.headers.get('location')!, base).searchParams.get('message')).toBe(
      'The GitHub sign-in link expired or was already used. Please try again.',
    );

    // Another browser (no nonce cookie) replaying the genuine callback gets nowhere either.
    const replay = await fetch(callback, { redirect: 'manual', headers: { cookie: nia.cookie } });
    expect(new URL(replay.headers.get('location')!, base).searchParams.get('github')).toBe('error');
    expect(await accountOf(nia.user.id)).toBeUndefined();

    const cancelled = await oauth(jar, '/api/github/connect', 'newbie-nia', 'cancel');
    expect(cancelled.searchParams.get('message')).toBe('GitHub authorization was cancelled');
    expect(await accountOf(nia.user.id)).toBeUndefined();
  });

  it('only signed-in contributors and maintainers can start a link', async () => {
    expect((await app.server.inject({ url: '/api/github/connect' })).statusCode).toBe(401);
    const company = await createUser(app, 'company');
    expect(
      (await app.server.inject({ url: '/api/github/connect', headers: { cookie: company.cookie } }))
        .statusCode,
    ).toBe(403);
    const evil = await app.server.inject({
      url: '/api/github/connect?returnTo=//evil.example',
      headers: { cookie: octo.cookie },
    });
    expect(evil.statusCode).toBe(400);
  });
});

describe('Sign in and sign up with GitHub', () => {
  it('signs in the account linked to the approved GitHub user', async () => {
    const fay = await createUser(app, 'maintainer', { githubUsername: 'frontend-fay' });
    await oauth(new Browserish(fay.cookie), '/api/github/connect', 'frontend-fay');
    const jar = new Browserish();
    const landed = await oauth(jar, '/api/github/signin', 'frontend-fay');
    expect(landed.pathname).toBe('/maintainer/dashboard');
    expect(jar.has('openstake_session')).toBe(true);
    const me = await jar.fetch(`${base}/api/user`);
    expect(((await me.json()) as { user: object }).user).toMatchObject({
      id: fay.user.id,
      role: 'maintainer',
    });
  });

  it('says so when no account is linked to that GitHub user', async () => {
    const landed = await oauth(new Browserish(), '/api/github/signin', 'rita-reader');
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('message')).toBe(
      'No OpenStake account is linked to this GitHub account. Sign up first.',
    );
  });

  it('signs up a contributor from GitHub with coins, a verified username and no password', async () => {
    const jar = new Browserish();
    const landed = await oauth(jar, '/api/github/signup?role=contributor', 'newbie-nia');
    expect(landed.pathname).toBe('/contributor/dashboard');
    const user = (
      (await (await jar.fetch(`${base}/api/user`)).json()) as {
        user: { email: string; id: string };
      }
    ).user;
    expect(user).toMatchObject({ role: 'contributor', githubUsername: 'newbie-nia' });
    expect(user.email).toMatch(/@/);
    expect(await getBalance(app.ctx.db, walletOf(user.id))).toBe(100);
    const again = await oauth(
      new Browserish(),
      '/api/github/signup?role=contributor',
      'newbie-nia',
    );
    expect(again.pathname).toBe('/signUp');
    expect(again.searchParams.get('message')).toBe(
      'This GitHub account already has an OpenStake account. Sign in instead.',
    );
  });
});

describe('Connecting repositories', () => {
  let mia: Account;
  let rita: Account;
  const repo = { owner: 'openstake-labs' } as { owner: string; repo: string };
  const hooks = async () =>
    (
      await new Octokit({
        baseUrl: sim.apiUrl,
        auth: sim.tokenFor('mia-maintainer'),
      }).rest.repos.listWebhooks({ owner: repo.owner, repo: repo.repo })
    ).data;

  beforeAll(async () => {
    const octokit = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    const { data } = await octokit.rest.repos.listForOrg({ org: 'openstake-labs', per_page: 100 });
    const withRita = [];
    for (const r of data) {
      const perm = await octokit.rest.repos
        .getCollaboratorPermissionLevel({
          owner: 'openstake-labs',
          repo: r.name,
          username: 'rita-reader',
        })
        .catch(() => null);
      if (perm?.data.permission === 'read') withRita.push(r.name);
    }
    repo.repo = withRita[0] ?? data[0]!.name;
    mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
    rita = await createUser(app, 'maintainer', { githubUsername: 'rita-reader' });
    await oauth(new Browserish(mia.cookie), '/api/github/connect', 'mia-maintainer');
    await oauth(new Browserish(rita.cookie), '/api/github/connect', 'rita-reader');
  });

  const post = (who: Account, body: object) =>
    app.server.inject({
      method: 'POST',
      url: '/api/maintainer/repositories',
      // As from a browser on this server: the webhook URL is built from the request's host.
      headers: { cookie: who.cookie, host: new URL(base).host },
      payload: body,
    });

  it('asks for a linked GitHub account first', async () => {
    const unlinked = await createUser(app, 'maintainer');
    const res = await post(unlinked, repo);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'GITHUB_AUTH_REQUIRED',
      message: 'GitHub authentication required',
    });
  });

  it('refuses a maintainer without push permission, creating nothing', async () => {
    const before = (await hooks()).length;
    const res = await post(rita, repo);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `You need push access to ${repo.owner}/${repo.repo} on GitHub for this`,
    );
    expect((await hooks()).length).toBe(before);
    expect(await app.ctx.db.select().from(repositories)).toHaveLength(0);
  });

  it('turns a GitHub rate limit or outage into a clear error and leaves nothing behind', async () => {
    sim.failNext({ pathPattern: /^\/repos\//, status: 403, rateLimit: true });
    const limited = await post(mia, repo);
    expect(limited.statusCode).toBe(503);
    expect(limited.json().message).toMatch(
      /^GitHub rate limit reached\. Please try again in \d+ minutes?\.$/,
    );
    // Reads are tried three times before giving up.
    sim.failNext({ method: 'GET', pathPattern: /^\/repos\//, status: 502, times: 3 });
    const down = await post(mia, repo);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(
      'GitHub is not responding right now. Please try again shortly.',
    );
    expect(await app.ctx.db.select().from(repositories)).toHaveLength(0);
    app.takeErrorLogs();
  });

  it('connects with a signed webhook and settings, then records signed deliveries exactly once', async () => {
    // One passing GitHub hiccup on a read is retried, unseen by the user.
    sim.failNext({ method: 'GET', pathPattern: /^\/repos\//, status: 502, times: 1 });
    const res = await post(mia, { ...repo, deductionPercent: 15 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      fullName: `${repo.owner}/${repo.repo}`.toLowerCase(),
      deductionPercent: 15,
    });
    const [hook] = await hooks();
    expect(hook!.config.url).toBe(`${base}/api/github/webhooks`);
    const row = (await app.ctx.db.select().from(repositories))[0]!;
    expect(row).toMatchObject({ webhookId: hook!.id });
    expect(row.webhookSecretEncrypted).not.toBeNull();
    // GitHub's ping on creation was already verifiable, and was accepted.
    await sim.idle();
    expect(sim.deliveries().find((d) => d.event === 'ping')?.status).toBe(202);

    expect((await post(mia, repo)).statusCode).toBe(409);

    // A pull request opened on GitHub arrives signed and is stored for the stake settlement.
    const pr = await sim.openPullRequest({
      owner: repo.owner,
      repo: repo.repo,
      author: 'octo-dev',
      title: 'Fix the thing',
      body: 'Fixes #1',
    });
    const delivery = sim
      .deliveries()
      .find((d) => d.event === 'pull_request' && d.action === 'opened')!;
    expect(delivery.status).toBe(202);
    const stored = await app.ctx.db
      .select()
      .from(githubDeliveries)
      .where(eq(githubDeliveries.deliveryId, delivery.id));
    expect(stored).toHaveLength(1);
    // Stored, and handed to the stake settlement on arrival (nothing to settle on 'opened').
    expect(stored[0]).toMatchObject({ event: 'pull_request', action: 'opened' });
    expect(stored[0]!.processedAt).toBeInstanceOf(Date);
    expect((await listPendingGithubEvents(app.ctx)).map((e) => e.deliveryId)).not.toContain(
      delivery.id,
    );

    // GitHub's redelivery of the same delivery id is acknowledged and ignored.
    const octokit = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    await octokit.rest.repos.redeliverWebhookDelivery({
      owner: repo.owner,
      repo: repo.repo,
      hook_id: hook!.id,
      delivery_id: delivery.deliveryId,
    });
    await sim.idle(); // GitHub answers the REST call first and delivers after
    const redelivered = sim.deliveries().filter((d) => d.id === delivery.id);
    expect(redelivered.map((d) => d.status)).toEqual([202, 200]);
    expect(
      await app.ctx.db
        .select()
        .from(githubDeliveries)
        .where(eq(githubDeliveries.deliveryId, delivery.id)),
    ).toHaveLength(1);
    expect(pr.number).toBeGreaterThan(0);
  });

  it('refuses webhooks with a missing or wrong signature, storing nothing', async () => {
    const body = JSON.stringify({
      action: 'closed',
      repository: { full_name: `${repo.owner}/${repo.repo}` },
      pull_request: { number: 1 },
    });
    const [hook] = await hooks();
    const send = (signature?: string) =>
      fetch(`${base}/api/github/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'pull_request',
          'x-github-delivery': randomUUID(),
          'x-github-hook-id': String(hook!.id),
          ...(signature ? { 'x-hub-signature-256': signature } : {}),
        },
        body,
      });
    const before = (await app.ctx.db.select().from(githubDeliveries)).length;
    expect((await send()).status).toBe(401);
    const wrong = await send(
      `sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`,
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid webhook signature' });
    expect((await app.ctx.db.select().from(githubDeliveries)).length).toBe(before);
  });

  it('changes the deduction within 0-20 and disconnects by removing the webhook', async () => {
    const url = `/api/maintainer/repositories/${repo.owner}/${repo.repo}`;
    const bad = await app.server.inject({
      method: 'PATCH',
      url,
      headers: { cookie: mia.cookie },
      payload: { deductionPercent: 25 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'deductionPercent: Deduction percent must be a whole number from 0 to 20',
    );
    const ok = await app.server.inject({
      method: 'PATCH',
      url,
      headers: { cookie: mia.cookie },
      payload: { deductionPercent: 20 },
    });
    expect(ok.json().data.deductionPercent).toBe(20);
    const byRita = await app.server.inject({
      method: 'DELETE',
      url,
      headers: { cookie: rita.cookie },
    });
    expect(byRita.statusCode).toBe(403);

    const off = await app.server.inject({ method: 'DELETE', url, headers: { cookie: mia.cookie } });
    expect(off.statusCode).toBe(200);
    expect(await hooks()).toHaveLength(0);
    const list = await app.server.inject({
      url: '/api/maintainer/repositories',
      headers: { cookie: mia.cookie },
    });
    expect(list.json().data).toEqual([]);
    const [row] = await app.ctx.db.select().from(repositories);
    expect(row).toMatchObject({
      webhookId: null,
      webhookSecretEncrypted: null,
      connectedAt: null,
      deductionPercent: 20,
    });
  });
});
