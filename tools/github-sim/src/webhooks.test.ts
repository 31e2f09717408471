/** Repository webhooks: real HTTP deliveries to a local receiver, signed, recorded, replayable. */
import type { Octokit } from '@octokit/rest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hasValidSignature,
  octokitFor,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../test/helpers';
import { startGithubSim, type GithubSim } from './index';

const SECRET = 'shh-webhook-secret';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let sim: GithubSim;
let mia: Octokit;
let receiver: WebhookReceiver;

beforeAll(async () => {
  sim = await startGithubSim();
  mia = octokitFor(sim, 'mia-maintainer');
});
afterAll(() => sim?.close());

beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.close());

/**
 * A hook on a repository of its own, so tests do not see each other's deliveries. `repo` is in
 * openstake-labs (admin: mia-maintainer) unless it names its owner.
 */
async function hookOn(
  repo: string,
  events: string[],
  contentType: 'json' | 'form' = 'json',
  admin: Octokit = mia,
) {
  const [owner, name] = repo.includes('/') ? repo.split('/') : ['openstake-labs', repo];
  const target = { owner: owner ?? '', repo: name ?? '' };
  const { data } = await admin.rest.repos.createWebhook({
    ...target,
    name: 'web',
    active: true,
    events,
    config: { url: receiver.url, content_type: contentType, secret: SECRET, insecure_ssl: '0' },
  });
  await sim.idle();
  return { target, hook: data };
}

const events = () => receiver.received.map((r) => String(r.headers['x-github-event']));

describe('creating a webhook', () => {
  it('needs admin permission (404 otherwise, as on GitHub)', async () => {
    const rita = octokitFor(sim, 'rita-reader');
    const octo = octokitFor(sim, 'octo-dev');
    const body = {
      owner: 'openstake-labs',
      repo: 'stake-engine',
      config: { url: receiver.url, content_type: 'json' },
    };
    await expect(rita.rest.repos.createWebhook(body)).rejects.toMatchObject({ status: 404 });
    await expect(octo.rest.repos.createWebhook(body)).rejects.toMatchObject({ status: 404 });
    await expect(rita.rest.repos.listWebhooks(body)).rejects.toMatchObject({ status: 404 });
  });

  it('validates the config', async () => {
    await expect(
      mia.rest.repos.createWebhook({
        owner: 'openstake-labs',
        repo: 'stake-engine',
        config: { content_type: 'json' },
      }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('pings the new hook with signed, GitHub-shaped headers', async () => {
    const { hook } = await hookOn('docs', ['pull_request']);
    expect(hook).toMatchObject({ active: true, events: ['pull_request'], name: 'web' });
    expect(hook.config).toMatchObject({
      url: receiver.url,
      content_type: 'json',
      secret: '********',
    });
    expect(receiver.received).toHaveLength(1);
    const [ping] = receiver.received;
    expect(ping?.headers).toMatchObject({
      'x-github-event': 'ping',
      'x-github-hook-id': String(hook.id),
      'user-agent': 'GitHub-Hookshot/sim',
      'content-type': 'application/json',
    });
    expect(String(ping?.headers['x-github-delivery'])).toMatch(UUID);
    expect(ping && hasValidSignature(ping, SECRET)).toBe(true);
    expect(ping?.json).toMatchObject({ hook_id: hook.id, hook: { id: hook.id } });
    expect(typeof ping?.json.zen).toBe('string');
  });
});

describe('events', () => {
  it('delivers only the events a hook subscribes to', async () => {
    const { target } = await hookOn('openstake-py', ['pull_request']);
    await mia.rest.issues.create({ ...target, title: 'Not delivered' });
    const pull = await sim.openPullRequest({ ...target, author: 'octo-dev', title: 'Delivered' });
    await sim.idle();
    expect(events()).toEqual(['ping', 'pull_request']);
    expect(receiver.received[1]?.json).toMatchObject({
      action: 'opened',
      number: pull.number,
      pull_request: {
        number: pull.number,
        state: 'open',
        merged: false,
        user: { login: 'octo-dev' },
      },
      sender: { login: 'octo-dev' },
    });
  });

  it('awaits deliveries in control actions: the receiver has them when the call returns', async () => {
    const { target } = await hookOn('hedera-bridge', ['*']);
    const pull = await sim.openPullRequest({
      ...target,
      author: 'octo-dev',
      title: 'feat: bridge retries',
      body: 'Fixes #1',
      head: 'octo-dev/retries',
    });
    expect(events()).toEqual(['ping', 'pull_request']);
    expect(receiver.received[1]?.json).toMatchObject({
      pull_request: {
        head: { ref: 'octo-dev/retries' },
        base: { repo: { full_name: 'openstake-labs/hedera-bridge' } },
      },
    });

    await sim.reviewPullRequest({
      ...target,
      number: pull.number,
      reviewer: 'mia-maintainer',
      state: 'CHANGES_REQUESTED',
      body: 'Please add a test.',
    });
    expect(receiver.received[2]?.json).toMatchObject({
      action: 'submitted',
      review: { state: 'changes_requested', user: { login: 'mia-maintainer' } },
      pull_request: { number: pull.number },
    });

    await sim.mergePullRequest({ ...target, number: pull.number, by: 'mia-maintainer' });
    const merged = receiver.received[3]?.json as {
      action: string;
      pull_request: { merged: boolean; merged_at: string | null; state: string };
    };
    expect(merged.action).toBe('closed');
    expect(merged.pull_request).toMatchObject({ merged: true, state: 'closed' });
    expect(merged.pull_request.merged_at).toMatch(/Z$/);
    // Issue #1 of hedera-bridge was closed by the merge ("Fixes #1"), if it was still open.
    expect(events().slice(0, 4)).toEqual([
      'ping',
      'pull_request',
      'pull_request_review',
      'pull_request',
    ]);
    for (const webhook of receiver.received) expect(hasValidSignature(webhook, SECRET)).toBe(true);
  });

  it('reports a close without merge as closed with merged false', async () => {
    const { target } = await hookOn('ledger-core', ['pull_request']);
    const pull = await sim.openPullRequest({ ...target, author: 'octo-dev', title: 'Nope' });
    await sim.closePullRequest({ ...target, number: pull.number, by: 'mia-maintainer' });
    expect(receiver.received.at(-1)?.json).toMatchObject({
      action: 'closed',
      pull_request: { merged: false, merged_at: null, state: 'closed' },
    });
  });

  it('sends issues and issue_comment events for REST actions (asynchronously, as GitHub)', async () => {
    const { target } = await hookOn('openstake-web', ['issues', 'issue_comment']);
    const issue = await mia.rest.issues.create({
      ...target,
      title: 'Bounty: dark mode',
      labels: ['enhancement', 'bounty-30'],
    });
    await octokitFor(sim, 'octo-dev').rest.issues.createComment({
      ...target,
      issue_number: issue.data.number,
      body: 'On it',
    });
    await sim.idle();
    expect(events()).toEqual(['ping', 'issues', 'issue_comment']);
    expect(receiver.received[1]?.json).toMatchObject({
      action: 'opened',
      issue: {
        number: issue.data.number,
        labels: [{ name: 'enhancement' }, { name: 'bounty-30' }],
        user: { login: 'mia-maintainer' },
      },
    });
    expect(receiver.received[2]?.json).toMatchObject({
      action: 'created',
      comment: { body: 'On it', user: { login: 'octo-dev' } },
      issue: { number: issue.data.number },
    });
  });

  it('sends form-encoded payloads to form hooks, signed over the raw body', async () => {
    const { target } = await hookOn('internal-tools', ['pull_request'], 'form');
    await sim.openPullRequest({ ...target, author: 'ops-olga', title: 'Form' });
    const last = receiver.received.at(-1);
    expect(last?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(last && hasValidSignature(last, SECRET)).toBe(true);
  });

  it('stops after the hook is deleted', async () => {
    const { target, hook } = await hookOn('stake-engine', ['pull_request']);
    await mia.rest.repos.deleteWebhook({ ...target, hook_id: hook.id });
    await sim.openPullRequest({ ...target, author: 'octo-dev', title: 'Unheard' });
    expect(events()).toEqual(['ping']);
  });
});

describe('deliveries and redelivery', () => {
  it('records every attempt and redelivers the same payload with the same delivery id', async () => {
    // pixel-forge's owner is frontend-fay: an admin other than mia.
    const fay = octokitFor(sim, 'frontend-fay');
    const { target, hook } = await hookOn('pixel-forge/pixel-ui', ['pull_request'], 'json', fay);
    await sim.openPullRequest({ ...target, author: 'octo-dev', title: 'Replay me' });
    const original = receiver.received.at(-1);
    expect(original?.headers['x-github-event']).toBe('pull_request');

    const { data: list } = await fay.rest.repos.listWebhookDeliveries({
      ...target,
      hook_id: hook.id,
    });
    expect(list.map((d) => d.event)).toEqual(['pull_request', 'ping']);
    expect(list[0]).toMatchObject({
      guid: original?.headers['x-github-delivery'],
      status_code: 204,
      status: 'OK',
      redelivery: false,
      action: 'opened',
    });

    await fay.rest.repos.redeliverWebhookDelivery({
      ...target,
      hook_id: hook.id,
      delivery_id: list[0]?.id ?? 0,
    });
    await sim.idle();
    const replay = receiver.received.at(-1);
    expect(replay?.headers['x-github-delivery']).toBe(original?.headers['x-github-delivery']);
    expect(replay?.body).toBe(original?.body);
    expect(replay?.headers['x-hub-signature-256']).toBe(original?.headers['x-hub-signature-256']);

    const records = sim.deliveries().filter((d) => d.hookId === hook.id);
    expect(records.map((d) => [d.event, d.redelivery])).toEqual([
      ['ping', false],
      ['pull_request', false],
      ['pull_request', true],
    ]);
    const [, first, second] = records;
    expect(second?.id).toBe(first?.id);
    expect(second?.deliveryId).not.toBe(first?.deliveryId);
    expect(first).toMatchObject({ url: receiver.url, status: 204, action: 'opened' });
    expect(first?.payload).toEqual(original?.json);
    // The record keeps the exact bytes and headers sent, so a test can replay a capture.
    expect(first?.body).toBe(original?.body);
    expect(first?.requestHeaders).toMatchObject({
      'x-github-delivery': original?.headers['x-github-delivery'],
      'x-hub-signature-256': original?.headers['x-hub-signature-256'],
      'x-github-hook-id': String(hook.id),
    });
  });

  it('records failed deliveries and keeps running', async () => {
    const { target, hook } = await hookOn('docs', ['pull_request']);
    receiver.status = 500;
    await sim.openPullRequest({ ...target, author: 'octo-dev', title: 'Receiver breaks' });
    await receiver.close();
    await sim.openPullRequest({ ...target, author: 'octo-dev', title: 'Receiver gone' });
    const records = sim.deliveries().filter((d) => d.hookId === hook.id);
    expect(records.map((d) => d.status)).toEqual([204, 500, 0]);
    const { data } = await mia.rest.repos.getWebhook({ ...target, hook_id: hook.id });
    expect(data.last_response.code).toBeNull();
    // The simulator still answers.
    const { status } = await mia.rest.repos.get(target);
    expect(status).toBe(200);
  });
});
