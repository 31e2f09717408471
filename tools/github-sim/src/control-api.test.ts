/** The `/_sim` control API: HTTP twins of the programmatic methods, for tests and the demo. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidSignature, startWebhookReceiver, type WebhookReceiver } from '../test/helpers';
import { startGithubSim, type GithubSim } from './index';

let sim: GithubSim;
let receiver: WebhookReceiver;
const repo = 'openstake-labs/stake-engine';

beforeAll(async () => {
  sim = await startGithubSim();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sim.origin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

describe('/_sim', () => {
  it('lists the simulated users', async () => {
    const { status, json } = await call('GET', '/_sim/users');
    expect(status).toBe(200);
    expect(json).toEqual(expect.arrayContaining(['octo-dev', 'mia-maintainer', 'newbie-nia']));
  });

  it('issues tokens', async () => {
    const { json } = await call('POST', '/_sim/tokens', { login: 'octo-dev' });
    const token = (json as { token: string }).token;
    const me = await fetch(`${sim.apiUrl}/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { login: string }).login).toBe('octo-dev');
    expect((await call('POST', '/_sim/tokens', { login: 'ghost' })).status).toBe(404);
    expect((await call('POST', '/_sim/tokens', {})).status).toBe(400);
  });

  it('lists the API requests answered, REST and GraphQL, but not its own', async () => {
    const token = sim.tokenFor('rita-reader');
    const before = ((await call('GET', '/_sim/requests')).json as unknown[]).length;
    await fetch(`${sim.apiUrl}/user?per_page=1`, { headers: { authorization: `token ${token}` } });
    await fetch(`${sim.apiUrl}/repos/${repo}/pulls/999999`);
    await fetch(`${sim.origin}/api/graphql`, {
      method: 'POST',
      headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { login } }' }),
    });
    const { json } = await call('GET', '/_sim/requests');
    expect((json as unknown[]).slice(before)).toEqual([
      { method: 'GET', path: '/api/v3/user', status: 200, login: 'rita-reader' },
      { method: 'GET', path: `/api/v3/repos/${repo}/pulls/999999`, status: 404, login: null },
      { method: 'POST', path: '/api/graphql', status: 200, login: 'rita-reader' },
    ]);
    expect(sim.requests().slice(before)).toEqual((json as unknown[]).slice(before));
  });

  it('opens, reviews, merges and closes pull requests, with webhooks delivered first', async () => {
    const token = sim.tokenFor('mia-maintainer');
    const hook = await fetch(`${sim.apiUrl}/repos/${repo}/hooks`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'web',
        active: true,
        events: ['pull_request', 'pull_request_review'],
        config: { url: receiver.url, content_type: 'json', secret: 'control' },
      }),
    });
    expect(hook.status).toBe(201);

    const opened = await call('POST', `/_sim/repos/${repo}/pulls`, {
      author: 'newbie-nia',
      title: 'My first pull request',
      body: 'Fixes #1',
      head: 'nia/first',
    });
    expect(opened.status).toBe(201);
    const pull = opened.json as { number: number; user: { login: string }; head: { ref: string } };
    expect(pull).toMatchObject({ user: { login: 'newbie-nia' }, head: { ref: 'nia/first' } });
    expect(receiver.received.at(-1)?.json).toMatchObject({ action: 'opened', number: pull.number });

    const reviewed = await call('POST', `/_sim/repos/${repo}/pulls/${pull.number}/reviews`, {
      reviewer: 'mia-maintainer',
      state: 'APPROVED',
      body: 'Welcome!',
    });
    expect(reviewed.status).toBe(201);
    expect(reviewed.json).toMatchObject({ state: 'APPROVED', body: 'Welcome!' });
    expect(receiver.received.at(-1)?.json).toMatchObject({ review: { state: 'approved' } });

    const merged = await call('POST', `/_sim/repos/${repo}/pulls/${pull.number}/merge`, {
      by: 'mia-maintainer',
    });
    expect(merged.status).toBe(200);
    expect(merged.json).toMatchObject({ merged: true, state: 'closed' });
    expect(receiver.received.at(-1)?.json).toMatchObject({
      action: 'closed',
      pull_request: { merged: true },
    });

    const again = await call('POST', `/_sim/repos/${repo}/pulls/${pull.number}/merge`, {
      by: 'mia-maintainer',
    });
    expect(again.status).toBe(405);

    const other = (
      await call('POST', `/_sim/repos/${repo}/pulls`, { author: 'octo-dev', title: 'x' })
    ).json as { number: number };
    const closed = await call('POST', `/_sim/repos/${repo}/pulls/${other.number}/close`, {
      by: 'octo-dev',
    });
    expect(closed.json).toMatchObject({ state: 'closed', merged: false });

    const { json } = await call('GET', '/_sim/deliveries');
    const deliveries = json as { event: string; action: string; status: number; hookId: number }[];
    expect(deliveries.map((d) => `${d.event}:${d.action ?? ''}`)).toEqual([
      'ping:',
      'pull_request:opened',
      'pull_request_review:submitted',
      'pull_request:closed',
      'pull_request:opened',
      'pull_request:closed',
    ]);
    expect(deliveries.every((d) => d.status === 204)).toBe(true);
    for (const webhook of receiver.received)
      expect(hasValidSignature(webhook, 'control')).toBe(true);
  });

  it('refuses what GitHub would refuse', async () => {
    const pull = (
      await call('POST', `/_sim/repos/${repo}/pulls`, { author: 'octo-dev', title: 'y' })
    ).json as { number: number };
    const byReader = await call('POST', `/_sim/repos/${repo}/pulls/${pull.number}/merge`, {
      by: 'rita-reader',
    });
    expect(byReader.status).toBe(403);
    const selfApproval = await call('POST', `/_sim/repos/${repo}/pulls/${pull.number}/reviews`, {
      reviewer: 'octo-dev',
      state: 'APPROVED',
    });
    expect(selfApproval.status).toBe(422);
    const privateRepo = await call('POST', '/_sim/repos/openstake-labs/internal-tools/pulls', {
      author: 'newbie-nia',
      title: 'Sneaky',
    });
    expect(privateRepo.status).toBe(404);
    const badState = await call('POST', `/_sim/repos/${repo}/pulls/${pull.number}/reviews`, {
      reviewer: 'mia-maintainer',
      state: 'LGTM',
    });
    expect(badState.status).toBe(400);
  });

  it('injects failures over HTTP', async () => {
    const added = await call('POST', '/_sim/failures', {
      method: 'GET',
      path: '/users/octo-dev',
      status: 500,
    });
    expect(added.status).toBe(204);
    expect((await fetch(`${sim.apiUrl}/users/octo-dev`)).status).toBe(500);
    expect((await fetch(`${sim.apiUrl}/users/octo-dev`)).status).toBe(200);
    await call('POST', '/_sim/failures', {
      path: '/users/octo-dev',
      status: 422,
      message: 'Validation Failed: name',
    });
    const refused = await fetch(`${sim.apiUrl}/users/octo-dev`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ message: 'Validation Failed: name' });
  });

  it('registers and installs GitHub Apps, mints and expires their tokens, moves the clock', async () => {
    const created = await call('POST', '/_sim/apps', {
      slug: 'control-app',
      webhookUrl: receiver.url,
      webhookSecret: 'control-secret',
      permissions: { metadata: 'read', issues: 'write' },
      events: ['issue_comment'],
    });
    expect(created.status).toBe(201);
    const info = created.json as { id: number; slug: string; botLogin: string; privateKey: string };
    expect(info).toMatchObject({ slug: 'control-app', botLogin: 'control-app[bot]' });
    expect(info.privateKey).toContain('PRIVATE KEY');
    expect((await call('GET', '/_sim/apps')).json).toEqual([
      expect.objectContaining({ id: info.id }),
    ]);

    const before = receiver.received.length;
    const installed = await call('POST', '/_sim/apps/control-app/installations', {
      account: 'openstake-labs',
      repositories: ['stake-engine'],
    });
    expect(installed.status).toBe(201);
    const installationId = (installed.json as { id: number }).id;
    const added = await call('POST', `/_sim/installations/${installationId}/repositories`, {
      repositories: ['docs'],
    });
    expect(added.status).toBe(200);
    await call('POST', `/_sim/installations/${installationId}/repositories/remove`, {
      repositories: ['docs'],
    });
    const minted = await call('POST', `/_sim/installations/${installationId}/token`);
    const { token } = minted.json as { token: string };
    const asBot = () =>
      fetch(`${sim.apiUrl}/installation/repositories`, {
        headers: { authorization: `token ${token}` },
      });
    expect((await asBot()).status).toBe(200);
    expect((await call('POST', '/_sim/clock', { advanceMs: 3_600_000 })).status).toBe(200);
    expect((await asBot()).status).toBe(401);
    const second = (await call('POST', `/_sim/installations/${installationId}/token`)).json as {
      token: string;
    };
    expect(
      (await call('POST', '/_sim/installation-tokens/expire', { installationId })).json,
    ).toEqual({ expired: 2 });
    const expired = await fetch(`${sim.apiUrl}/installation/repositories`, {
      headers: { authorization: `token ${second.token}` },
    });
    expect(expired.status).toBe(401);

    const comment = await call('POST', `/_sim/repos/${repo}/issues/1/comments`, {
      author: 'control-app[bot]',
      body: 'Hello',
    });
    expect(comment.status).toBe(201);
    const commentId = (comment.json as { id: number; user: { type: string } }).id;
    expect((comment.json as { user: { type: string } }).user.type).toBe('Bot');
    const edited = await call('PATCH', `/_sim/repos/${repo}/issues/comments/${commentId}`, {
      by: 'control-app[bot]',
      body: 'Hello again',
    });
    expect(edited.json).toMatchObject({ body: 'Hello again' });
    expect(
      (
        await call('DELETE', `/_sim/repos/${repo}/issues/comments/${commentId}`, {
          by: 'mia-maintainer',
        })
      ).status,
    ).toBe(204);
    expect((await call('DELETE', `/_sim/installations/${installationId}`)).status).toBe(204);
    const events = receiver.received
      .slice(before)
      .map((r) => `${String(r.headers['x-github-event'])}:${String(r.json.action)}`);
    expect(events).toEqual([
      'installation:created',
      'installation_repositories:added',
      'installation_repositories:removed',
      'issue_comment:created',
      'issue_comment:edited',
      'issue_comment:deleted',
      'installation:deleted',
    ]);
    expect(
      receiver.received.slice(before).every((r) => hasValidSignature(r, 'control-secret')),
    ).toBe(true);
  });

  it('pushes to a pull request', async () => {
    const opened = await call('POST', `/_sim/repos/${repo}/pulls`, {
      author: 'octo-dev',
      title: 'To push to',
    });
    const pull = opened.json as { number: number; head: { sha: string } };
    const pushed = await call('POST', `/_sim/repos/${repo}/pulls/${pull.number}/push`, {
      sha: 'b'.repeat(40),
    });
    expect(pushed.json).toMatchObject({ head: { sha: 'b'.repeat(40) } });
    expect(
      (await call('POST', `/_sim/repos/${repo}/pulls/${pull.number}/push`, { sha: 'x' })).status,
    ).toBe(400);
  });
});
