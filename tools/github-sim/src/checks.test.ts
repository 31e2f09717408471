/** Commit statuses, check runs, issue comment events and pushes to pull requests. */
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hasValidSignature,
  octokitFor,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../test/helpers';
import { startGithubSim, type GithubSim, type PullRequest, type SimAppInfo } from './index';

const SECRET = 'repo-secret';
const APP_SECRET = 'app-secret';
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const target = { owner: 'openstake-labs', repo: 'stake-engine' };

let sim: GithubSim;
let repoHook: WebhookReceiver;
let appHook: WebhookReceiver;
let app: SimAppInfo;
let installationId: number;
let bot: Octokit;
let mia: Octokit;
let pull: PullRequest;

beforeAll(async () => {
  repoHook = await startWebhookReceiver();
  appHook = await startWebhookReceiver();
  sim = await startGithubSim({
    apps: [{ slug: 'stake-check', webhookUrl: appHook.url, webhookSecret: APP_SECRET }],
  });
  [app] = sim.apps() as [SimAppInfo];
  mia = octokitFor(sim, 'mia-maintainer');
  await mia.rest.repos.createWebhook({
    ...target,
    events: ['*'],
    config: { url: repoHook.url, content_type: 'json', secret: SECRET },
  });
  installationId = (
    await sim.installApp({
      app: app.slug,
      account: 'openstake-labs',
      repositories: ['stake-engine'],
    })
  ).id;
  bot = new Octokit({
    baseUrl: sim.apiUrl,
    auth: sim.installationToken(installationId).token,
    log: quiet,
  });
  pull = await sim.openPullRequest({
    ...target,
    author: 'octo-dev',
    title: 'Stake me',
    body: 'Fixes #1',
    head: 'octo-dev/stake-me',
  });
  await sim.idle();
});
afterAll(async () => {
  await sim?.close();
  await repoHook?.close();
  await appHook?.close();
});
beforeEach(() => {
  repoHook.received.length = 0;
  appHook.received.length = 0;
});

const seen = (receiver: WebhookReceiver) =>
  receiver.received.map((r) => `${String(r.headers['x-github-event'])}:${String(r.json.action)}`);

describe('issue comments as events', () => {
  it('created, edited and deleted, to the repository hook and the app', async () => {
    const octo = octokitFor(sim, 'octo-dev');
    const created = await octo.rest.issues.createComment({
      ...target,
      issue_number: pull.number,
      body: '/stake',
    });
    const comment_id = created.data.id;
    expect((await octo.rest.issues.getComment({ ...target, comment_id })).data.body).toBe('/stake');
    const edited = await octo.rest.issues.updateComment({
      ...target,
      comment_id,
      body: '/stake #1',
    });
    expect(edited.data.body).toBe('/stake #1');
    // Someone else without push access may not edit it.
    await expect(
      octokitFor(sim, 'rita-reader').rest.issues.updateComment({
        ...target,
        comment_id,
        body: 'x',
      }),
    ).rejects.toMatchObject({ status: 404 });
    await mia.rest.issues.deleteComment({ ...target, comment_id });
    await expect(octo.rest.issues.getComment({ ...target, comment_id })).rejects.toMatchObject({
      status: 404,
    });
    await sim.idle();
    const expected = ['issue_comment:created', 'issue_comment:edited', 'issue_comment:deleted'];
    expect(seen(repoHook)).toEqual(expected);
    expect(seen(appHook)).toEqual(expected);
    const [createdHook, editedHook, deletedHook] = repoHook.received;
    expect(createdHook?.json).toMatchObject({
      issue: { number: pull.number, pull_request: { url: expect.stringContaining('/pulls/') } },
      comment: { id: comment_id, body: '/stake', user: { login: 'octo-dev' } },
      sender: { login: 'octo-dev' },
    });
    expect(createdHook?.json).not.toHaveProperty('installation');
    expect(editedHook?.json).toMatchObject({
      changes: { body: { from: '/stake' } },
      comment: { body: '/stake #1' },
    });
    expect(deletedHook?.json).toMatchObject({
      comment: { id: comment_id },
      sender: { login: 'mia-maintainer' },
    });
    expect(appHook.received.every((r) => hasValidSignature(r, APP_SECRET))).toBe(true);
    expect(appHook.received[0]?.json).toMatchObject({ installation: { id: installationId } });
  });

  it('control helpers comment, edit and delete as anyone, awaiting delivery', async () => {
    const comment = await sim.commentOnIssue({
      ...target,
      number: 1,
      author: 'newbie-nia',
      body: '/attempt',
    });
    expect(seen(appHook)).toEqual(['issue_comment:created']);
    await sim.editComment({ ...target, commentId: comment.id, by: 'newbie-nia', body: '/try' });
    await sim.deleteComment({ ...target, commentId: comment.id, by: 'newbie-nia' });
    expect(seen(appHook)).toEqual([
      'issue_comment:created',
      'issue_comment:edited',
      'issue_comment:deleted',
    ]);
    const byBot = await sim.commentOnIssue({
      ...target,
      number: 1,
      author: `${app.slug}[bot]`,
      body: 'hi',
    });
    expect(byBot.user).toMatchObject({ login: 'stake-check[bot]', type: 'Bot' });
    expect(appHook.received.at(-1)?.json).toMatchObject({
      sender: { login: 'stake-check[bot]', type: 'Bot' },
    });
  });
});

describe('commit statuses', () => {
  it('are created by push access or the app, listed and combined', async () => {
    const sha = pull.head.sha;
    const pending = await bot.rest.repos.createCommitStatus({
      ...target,
      sha,
      state: 'pending',
      context: 'openstake/stake',
      description: 'Not staked yet: stake at http://localhost/stake',
      target_url: 'http://localhost/stake',
    });
    expect(pending.status).toBe(201);
    expect(pending.data.creator).toMatchObject({ login: 'stake-check[bot]', type: 'Bot' });
    await mia.rest.repos.createCommitStatus({ ...target, sha, state: 'success', context: 'ci' });
    let combined = await bot.rest.repos.getCombinedStatusForRef({ ...target, ref: sha });
    expect(combined.data).toMatchObject({ state: 'pending', total_count: 2, sha });
    await bot.rest.repos.createCommitStatus({
      ...target,
      sha,
      state: 'success',
      context: 'openstake/stake',
      description: 'Staked 20 coins on #1',
    });
    combined = await bot.rest.repos.getCombinedStatusForRef({
      ...target,
      ref: 'octo-dev/stake-me',
    });
    expect(combined.data.state).toBe('success');
    expect(combined.data.statuses.map((s) => [s.context, s.state])).toEqual([
      ['openstake/stake', 'success'],
      ['ci', 'success'],
    ]);
    const list = await bot.rest.repos.listCommitStatusesForRef({ ...target, ref: sha });
    expect(list.data.map((s) => s.state)).toEqual(['success', 'success', 'pending']);
    await sim.idle();
    expect(seen(repoHook)).toEqual(['status:undefined', 'status:undefined', 'status:undefined']);
    expect(repoHook.received[0]?.json).toMatchObject({
      sha,
      state: 'pending',
      context: 'openstake/stake',
      branches: [{ name: 'octo-dev/stake-me' }],
    });
    expect(appHook.received.map((r) => r.json.installation)).toEqual([
      expect.objectContaining({ id: installationId }),
      expect.objectContaining({ id: installationId }),
      expect.objectContaining({ id: installationId }),
    ]);
  });

  it('are refused as GitHub refuses them', async () => {
    const sha = pull.head.sha;
    await expect(
      bot.rest.repos.createCommitStatus({
        ...target,
        sha,
        state: 'success',
        description: 'x'.repeat(141),
      }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      bot.rest.repos.createCommitStatus({ ...target, sha: 'f'.repeat(40), state: 'success' }),
    ).rejects.toMatchObject({ status: 422, message: expect.stringContaining('No commit found') });
    await expect(
      octokitFor(sim, 'rita-reader').rest.repos.createCommitStatus({
        ...target,
        sha,
        state: 'success',
      }),
    ).rejects.toMatchObject({ status: 404 });
    // The app is not installed on docs.
    const docsPull = await sim.openPullRequest({
      owner: 'openstake-labs',
      repo: 'docs',
      author: 'octo-dev',
      title: 't',
    });
    await expect(
      bot.rest.repos.createCommitStatus({
        owner: 'openstake-labs',
        repo: 'docs',
        sha: docsPull.head.sha,
        state: 'success',
      }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe('check runs', () => {
  it('are made by apps only, updated, listed, with check_run webhooks', async () => {
    const sha = pull.head.sha;
    await expect(
      mia.rest.checks.create({ ...target, name: 'openstake/stake', head_sha: sha }),
    ).rejects.toMatchObject({ status: 403 });
    const created = await bot.rest.checks.create({
      ...target,
      name: 'openstake/stake',
      head_sha: sha,
      status: 'in_progress',
      output: { title: 'Not staked yet', summary: 'Stake at http://localhost/stake' },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      status: 'in_progress',
      conclusion: null,
      app: { slug: 'stake-check' },
      pull_requests: [{ number: pull.number }],
    });
    const check_run_id = created.data.id;
    const done = await bot.rest.checks.update({
      ...target,
      check_run_id,
      conclusion: 'success',
      output: { title: 'Staked', summary: 'Staked 20 coins on #1' },
    });
    expect(done.data).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(done.data.completed_at).toEqual(expect.any(String));
    const listed = await bot.rest.checks.listForRef({ ...target, ref: sha });
    expect(listed.data.total_count).toBe(1);
    expect(listed.data.check_runs[0]?.id).toBe(check_run_id);
    expect((await bot.rest.checks.get({ ...target, check_run_id })).data.output.title).toBe(
      'Staked',
    );
    await sim.idle();
    expect(seen(repoHook)).toEqual(['check_run:created', 'check_run:completed']);
    expect(seen(appHook)).toEqual(['check_run:created', 'check_run:completed']);
    expect(appHook.received[1]?.json).toMatchObject({
      check_run: { id: check_run_id, conclusion: 'success', check_suite: { head_sha: sha } },
      installation: { id: installationId },
    });
    // Another app may not change it.
    const other = sim.createApp({ slug: 'other-app' });
    const otherInstall = await sim.installApp({ app: other.slug, account: 'openstake-labs' });
    const otherBot = new Octokit({
      baseUrl: sim.apiUrl,
      auth: sim.installationToken(otherInstall.id).token,
      log: quiet,
    });
    await expect(
      otherBot.rest.checks.update({ ...target, check_run_id, conclusion: 'failure' }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe('pushes to pull requests', () => {
  it('move the head and send pull_request synchronize', async () => {
    const before = pull.head.sha;
    const after = 'a'.repeat(40);
    const pushed = await sim.pushToPullRequest({ ...target, number: pull.number, sha: after });
    expect(pushed.head.sha).toBe(after);
    expect(seen(repoHook)).toEqual(['pull_request:synchronize']);
    expect(repoHook.received[0]?.json).toMatchObject({
      number: pull.number,
      before,
      after,
      pull_request: { head: { sha: after } },
      sender: { login: 'octo-dev' },
    });
    expect(appHook.received[0]?.json).toMatchObject({
      action: 'synchronize',
      installation: { id: installationId },
    });
    // The new head has no statuses yet; the old one keeps its own.
    const fresh = await bot.rest.repos.getCombinedStatusForRef({ ...target, ref: after });
    expect(fresh.data).toMatchObject({ state: 'pending', total_count: 0 });
    const old = await bot.rest.repos.getCombinedStatusForRef({ ...target, ref: before });
    expect(old.data.total_count).toBe(2);
    const random = await sim.pushToPullRequest({
      ...target,
      number: pull.number,
      by: 'mia-maintainer',
    });
    expect(random.head.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(random.head.sha).not.toBe(after);
  });
});
