/**
 * Fidelity: every endpoint the simulator implements answers with a body that GitHub's published
 * OpenAPI description (`@octokit/openapi`) accepts for that operation, and every webhook carries
 * the fields OpenStake reads, with the JSON types GitHub's real example payloads
 * (`@octokit/webhooks-examples`) have.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidSignature, octokitFor, startWebhookReceiver } from '../test/helpers';
import type { WebhookReceiver } from '../test/helpers';
import { startGithubSim, type GithubSim } from './index';

const require = createRequire(import.meta.url);

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
  requestBody?: { content: Record<string, { schema: object }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  'x-webhooks': Record<string, Record<string, Operation>>;
}

// 73 MB: read once for the whole file.
const spec = JSON.parse(
  readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.deref.json'), 'utf8'),
) as OpenApi;

interface WebhookExample {
  name: string;
  examples: Record<string, unknown>[];
}
const webhookExamples = require('@octokit/webhooks-examples') as WebhookExample[];

// ajv-formats is CommonJS with a default export.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

/**
 * OpenAPI 3.0's `nullable` next to `oneOf`/`allOf` but without `type` is legal there and refused
 * by Ajv; the equivalent JSON Schema is "that, or null".
 */
function normalize(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalize);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = normalize(value);
  // Likewise `nullable` with an `enum` lacking null: GitHub sends null (`state_reason`).
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) {
    out.enum = [...(out.enum as unknown[]), null];
  }
  // The description of `GET /app/installations` says an installation's `account` is both a user
  // and an enterprise (`allOf`), which nothing is; `GET /app/installations/{id}` says either.
  const titles = Array.isArray(out.allOf)
    ? (out.allOf as { title?: string }[]).map((s) => s.title).join('+')
    : '';
  if (titles === 'Simple User+Enterprise') {
    out.anyOf = out.allOf;
    delete out.allOf;
  }
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const compile = (schema: object): ValidateFunction => ajv.compile(normalize(schema) as object);

const compiled = new Map<string, ValidateFunction>();

function validatorFor(method: string, path: string, status: number): ValidateFunction {
  const key = `${method} ${path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const operation = spec.paths[path]?.[method];
    if (!operation) throw new Error(`no operation ${method.toUpperCase()} ${path} in the OpenAPI`);
    const schema = operation.responses[String(status)]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`no ${status} application/json schema for ${key}`);
    validate = compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

function errorsOf(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 15)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}

const checked = new Set<string>();

/** Asserts that `body` is what GitHub documents for `method path` answering `status`. */
function expectDocumented(method: string, path: string, status: number, body: unknown): void {
  const validate = validatorFor(method, path, status);
  const valid = validate(body);
  expect(valid, `${method.toUpperCase()} ${path} ${status}:\n${errorsOf(validate)}`).toBe(true);
  checked.add(`${method.toUpperCase()} ${path}`);
}

let sim: GithubSim;
let maintainer: Octokit;
let anonymous: Octokit;
let receiver: WebhookReceiver;

beforeAll(async () => {
  sim = await startGithubSim();
  maintainer = octokitFor(sim, 'mia-maintainer');
  anonymous = octokitFor(sim);
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});

const repo = { owner: 'openstake-labs', repo: 'stake-engine' };

describe('REST responses follow the OpenAPI description', () => {
  it('users, organizations and emails', async () => {
    expectDocumented('get', '/user', 200, (await maintainer.rest.users.getAuthenticated()).data);
    expectDocumented(
      'get',
      '/user/emails',
      200,
      (await maintainer.rest.users.listEmailsForAuthenticatedUser()).data,
    );
    for (const username of ['octo-dev', 'mia-maintainer', 'openstake-labs']) {
      expectDocumented(
        'get',
        '/users/{username}',
        200,
        (await anonymous.rest.users.getByUsername({ username })).data,
      );
    }
    expectDocumented(
      'get',
      '/users/{username}/orgs',
      200,
      (await anonymous.rest.orgs.listForUser({ username: 'mia-maintainer' })).data,
    );
    expectDocumented(
      'get',
      '/orgs/{org}',
      200,
      (await anonymous.rest.orgs.get({ org: 'openstake-labs' })).data,
    );
  });

  it('organization membership checks', async () => {
    const org = 'openstake-labs';
    // A member asks: 204 for a member, 404 for anyone else.
    const member = octokitFor(sim, 'octo-dev');
    const yes = await member.rest.orgs.checkMembershipForUser({ org, username: 'mia-maintainer' });
    expect(yes.status).toBe(204);
    await expect(
      member.rest.orgs.checkMembershipForUser({ org, username: 'rita-reader' }),
    ).rejects.toMatchObject({ status: 404 });
    // A non-member is sent to the public-membership check, as GitHub does.
    const asked = await fetch(`${sim.apiUrl}/orgs/${org}/members/mia-maintainer`, {
      redirect: 'manual',
      headers: { authorization: `token ${sim.tokenFor('rita-reader')}` },
    });
    expect(asked.status).toBe(302);
    expect(asked.headers.get('location')).toBe(
      `${sim.apiUrl}/orgs/${org}/public_members/mia-maintainer`,
    );
    const outsider = octokitFor(sim, 'rita-reader');
    expect(
      (await outsider.rest.orgs.checkMembershipForUser({ org, username: 'mia-maintainer' })).status,
    ).toBe(204);
    await expect(
      outsider.rest.orgs.checkMembershipForUser({ org, username: 'rita-reader' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      member.rest.orgs.checkMembershipForUser({ org: 'no-such-org', username: 'octo-dev' }),
    ).rejects.toMatchObject({ status: 404 });
    checked.add('GET /orgs/{org}/members/{username}');
    expect(
      (await anonymous.rest.orgs.checkPublicMembershipForUser({ org, username: 'octo-dev' }))
        .status,
    ).toBe(204);
    await expect(
      anonymous.rest.orgs.checkPublicMembershipForUser({ org, username: 'newbie-nia' }),
    ).rejects.toMatchObject({ status: 404 });
    checked.add('GET /orgs/{org}/public_members/{username}');
  });

  it('organization memberships with their role', async () => {
    const org = 'openstake-labs';
    const path = '/orgs/{org}/memberships/{username}';
    const member = octokitFor(sim, 'octo-dev');
    const admin = await member.rest.orgs.getMembershipForUser({ org, username: 'mia-maintainer' });
    expectDocumented('get', path, 200, admin.data);
    expect(admin.data).toMatchObject({ state: 'active', role: 'admin' });
    expect(admin.data.user?.login).toBe('mia-maintainer');
    const own = await member.rest.orgs.getMembershipForUser({ org, username: 'OCTO-DEV' });
    expectDocumented('get', path, 200, own.data);
    expect(own.data).toMatchObject({ state: 'active', role: 'member' });

    // Asked by a member about someone who is not one: 404.
    const notMember = await fetch(`${sim.apiUrl}/orgs/${org}/memberships/rita-reader`, {
      headers: { authorization: `token ${sim.tokenFor('octo-dev')}` },
    });
    expect(notMember.status).toBe(404);
    expectDocumented('get', path, 404, await notMember.json());
    // An outsider may ask about themselves (404: not a member), not about others (403).
    const outsider = octokitFor(sim, 'rita-reader');
    await expect(
      outsider.rest.orgs.getMembershipForUser({ org, username: 'rita-reader' }),
    ).rejects.toMatchObject({ status: 404 });
    const refused = await fetch(`${sim.apiUrl}/orgs/${org}/memberships/mia-maintainer`, {
      headers: { authorization: `token ${sim.tokenFor('rita-reader')}` },
    });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { message: string };
    expectDocumented('get', path, 403, body);
    expect(body.message).toBe(
      'You must be a member of openstake-labs to see membership information for mia-maintainer.',
    );
    await expect(
      member.rest.orgs.getMembershipForUser({ org: 'no-such-org', username: 'octo-dev' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      member.rest.orgs.getMembershipForUser({ org, username: 'no-such-user-x' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('repositories, languages and readme', async () => {
    expectDocumented(
      'get',
      '/user/repos',
      200,
      (await maintainer.rest.repos.listForAuthenticatedUser({ per_page: 100 })).data,
    );
    expectDocumented(
      'get',
      '/users/{username}/repos',
      200,
      (await anonymous.rest.repos.listForUser({ username: 'octo-dev' })).data,
    );
    expectDocumented(
      'get',
      '/orgs/{org}/repos',
      200,
      (await maintainer.rest.repos.listForOrg({ org: 'openstake-labs' })).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}',
      200,
      (await maintainer.rest.repos.get(repo)).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}',
      200,
      (await anonymous.rest.repos.get({ owner: 'octo-dev', repo: 'octo-cli' })).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/languages',
      200,
      (await anonymous.rest.repos.listLanguages(repo)).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/readme',
      200,
      (await anonymous.rest.repos.getReadme(repo)).data,
    );
    const file = { ...repo, path: '.github/VOUCHED.td' };
    const fileCreated = await maintainer.rest.repos.createOrUpdateFileContents({
      ...file,
      message: 'Vouch for octo-dev',
      content: Buffer.from('octo-dev\n').toString('base64'),
    });
    expect(fileCreated.status).toBe(201);
    expectDocumented('put', '/repos/{owner}/{repo}/contents/{path}', 201, fileCreated.data);
    const read = (await anonymous.rest.repos.getContent(file)).data;
    expectDocumented('get', '/repos/{owner}/{repo}/contents/{path}', 200, read);
    const updated = await maintainer.rest.repos.createOrUpdateFileContents({
      ...file,
      message: 'Denounce octo-dev',
      content: Buffer.from('-octo-dev spam\n').toString('base64'),
      sha: (read as { sha: string }).sha,
    });
    expectDocumented('put', '/repos/{owner}/{repo}/contents/{path}', 200, updated.data);
    const stale = await maintainer.rest.repos
      .createOrUpdateFileContents({
        ...file,
        message: 'Stale',
        content: Buffer.from('x\n').toString('base64'),
        sha: (read as { sha: string }).sha,
      })
      .catch((error: { status: number }) => error);
    expect((stale as { status: number }).status).toBe(409);
    const { data: now } = await anonymous.rest.repos.getContent(file);
    expect(Buffer.from((now as { content: string }).content, 'base64').toString()).toBe(
      '-octo-dev spam\n',
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/collaborators/{username}/permission',
      200,
      (
        await maintainer.rest.repos.getCollaboratorPermissionLevel({
          ...repo,
          username: 'rita-reader',
        })
      ).data,
    );
    expectDocumented('get', '/rate_limit', 200, (await maintainer.rest.rateLimit.get()).data);
    const created = await maintainer.rest.repos.createForAuthenticatedUser({
      name: 'fidelity-new',
      description: 'Made for the fidelity test',
    });
    expectDocumented('post', '/user/repos', 201, created.data);
    expect(created.data).toMatchObject({ stargazers_count: 0, forks_count: 0, private: false });
    await octokitFor(sim, 'octo-dev').rest.activity.starRepoForAuthenticatedUser({
      owner: 'mia-maintainer',
      repo: 'fidelity-new',
    });
    const starred = await anonymous.rest.repos.get({
      owner: 'mia-maintainer',
      repo: 'fidelity-new',
    });
    expect(starred.data.stargazers_count).toBe(1);
  });

  it('issues, comments and labels', async () => {
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/issues',
      200,
      (await anonymous.rest.issues.listForRepo({ ...repo, state: 'all', per_page: 100 })).data,
    );
    const created = await maintainer.rest.issues.create({
      ...repo,
      title: 'Fidelity issue',
      body: 'Made by the fidelity test.',
      labels: ['bug', 'good first issue'],
    });
    expect(created.status).toBe(201);
    expectDocumented('post', '/repos/{owner}/{repo}/issues', 201, created.data);
    const issue_number = created.data.number;
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/issues/{issue_number}',
      200,
      (await anonymous.rest.issues.get({ ...repo, issue_number })).data,
    );
    const comment = await maintainer.rest.issues.createComment({
      ...repo,
      issue_number,
      body: 'A comment',
    });
    expectDocumented(
      'post',
      '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      201,
      comment.data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      200,
      (await anonymous.rest.issues.listComments({ ...repo, issue_number })).data,
    );
    expectDocumented(
      'post',
      '/repos/{owner}/{repo}/issues/{issue_number}/labels',
      200,
      (await maintainer.rest.issues.addLabels({ ...repo, issue_number, labels: ['stake-5'] })).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/issues/{issue_number}/labels',
      200,
      (await anonymous.rest.issues.listLabelsOnIssue({ ...repo, issue_number })).data,
    );
    await maintainer.rest.issues.addLabels({ ...repo, issue_number, labels: ['unstaked'] });
    expectDocumented(
      'delete',
      '/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
      200,
      (await maintainer.rest.issues.removeLabel({ ...repo, issue_number, name: 'unstaked' })).data,
    );
    const closed = await maintainer.rest.issues.update({
      ...repo,
      issue_number,
      state: 'closed',
      state_reason: 'not_planned',
    });
    expect(closed.data).toMatchObject({ state: 'closed', state_reason: 'not_planned' });
    expectDocumented('patch', '/repos/{owner}/{repo}/issues/{issue_number}', 200, closed.data);
  });

  it('pull requests, reviews and merges', async () => {
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/pulls',
      200,
      (await anonymous.rest.pulls.list({ ...repo, state: 'all', per_page: 100 })).data,
    );
    const opened = await sim.openPullRequest({ ...repo, author: 'octo-dev', title: 'Fidelity PR' });
    const pull_number = opened.number;
    expectDocumented('get', '/repos/{owner}/{repo}/pulls/{pull_number}', 200, opened);
    const review = await maintainer.rest.pulls.createReview({
      ...repo,
      pull_number,
      event: 'APPROVE',
    });
    expectDocumented('post', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', 200, review.data);
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
      200,
      (await anonymous.rest.pulls.listReviews({ ...repo, pull_number })).data,
    );
    expectDocumented(
      'patch',
      '/repos/{owner}/{repo}/pulls/{pull_number}',
      200,
      (await maintainer.rest.pulls.update({ ...repo, pull_number, title: 'Fidelity PR, renamed' }))
        .data,
    );
    expectDocumented(
      'put',
      '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
      200,
      (await maintainer.rest.pulls.merge({ ...repo, pull_number })).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/pulls/{pull_number}',
      200,
      (await anonymous.rest.pulls.get({ ...repo, pull_number })).data,
    );
    const merged = await maintainer.rest.pulls.checkIfMerged({ ...repo, pull_number });
    expect(merged.status).toBe(204);
    checked.add('GET /repos/{owner}/{repo}/pulls/{pull_number}/merge');
  });

  it('search', async () => {
    const result = await anonymous.rest.search.issuesAndPullRequests({
      q: 'is:pr is:merged author:octo-dev',
      per_page: 100,
    });
    expect(result.data.total_count).toBeGreaterThan(0);
    expectDocumented('get', '/search/issues', 200, result.data);
    expectDocumented(
      'get',
      '/search/issues',
      200,
      (await anonymous.rest.search.issuesAndPullRequests({ q: 'label:"good first issue" is:open' }))
        .data,
    );
  });

  it('webhooks and their deliveries', async () => {
    const hook = await maintainer.rest.repos.createWebhook({
      ...repo,
      name: 'web',
      active: true,
      events: ['pull_request'],
      config: { url: receiver.url, content_type: 'json', secret: 'fidelity', insecure_ssl: '0' },
    });
    expect(hook.status).toBe(201);
    expectDocumented('post', '/repos/{owner}/{repo}/hooks', 201, hook.data);
    const hook_id = hook.data.id;
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/hooks',
      200,
      (await maintainer.rest.repos.listWebhooks(repo)).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/hooks/{hook_id}',
      200,
      (await maintainer.rest.repos.getWebhook({ ...repo, hook_id })).data,
    );
    await sim.idle();
    const deliveries = await maintainer.rest.repos.listWebhookDeliveries({ ...repo, hook_id });
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/hooks/{hook_id}/deliveries',
      200,
      deliveries.data,
    );
    const delivery_id = deliveries.data[0]?.id ?? 0;
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}',
      200,
      (await maintainer.rest.repos.getWebhookDelivery({ ...repo, hook_id, delivery_id })).data,
    );
    const attempt = await maintainer.rest.repos.redeliverWebhookDelivery({
      ...repo,
      hook_id,
      delivery_id,
    });
    expect(attempt.status).toBe(202);
    expectDocumented(
      'post',
      '/repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts',
      202,
      attempt.data,
    );
    await sim.idle();
    const removed = await maintainer.rest.repos.deleteWebhook({ ...repo, hook_id });
    expect(removed.status).toBe(204);
    checked.add('DELETE /repos/{owner}/{repo}/hooks/{hook_id}');
  });

  it('GitHub App endpoints', async () => {
    const info = sim.createApp({ slug: 'fidelity-app', name: 'Fidelity' });
    const installation = await sim.installApp({
      app: info.slug,
      account: 'openstake-labs',
      repositories: ['stake-engine'],
    });
    await sim.installApp({ app: info.slug, account: 'octo-dev' });
    const asApp = new Octokit({
      baseUrl: sim.apiUrl,
      authStrategy: createAppAuth,
      auth: { appId: info.id, privateKey: info.privateKey },
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    });
    expectDocumented('get', '/app', 200, (await asApp.rest.apps.getAuthenticated()).data);
    expectDocumented(
      'get',
      '/app/installations',
      200,
      (await asApp.rest.apps.listInstallations()).data,
    );
    const installation_id = installation.id;
    expectDocumented(
      'get',
      '/app/installations/{installation_id}',
      200,
      (await asApp.rest.apps.getInstallation({ installation_id })).data,
    );
    const token = await asApp.rest.apps.createInstallationAccessToken({ installation_id });
    expect(token.status).toBe(201);
    expectDocumented('post', '/app/installations/{installation_id}/access_tokens', 201, token.data);
    expectDocumented(
      'post',
      '/app/installations/{installation_id}/access_tokens',
      201,
      (
        await asApp.rest.apps.createInstallationAccessToken({
          installation_id,
          repositories: ['stake-engine'],
          permissions: { issues: 'write' },
        })
      ).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/installation',
      200,
      (await asApp.rest.apps.getRepoInstallation(repo)).data,
    );
    expectDocumented(
      'get',
      '/orgs/{org}/installation',
      200,
      (await asApp.rest.apps.getOrgInstallation({ org: 'openstake-labs' })).data,
    );
    expectDocumented(
      'get',
      '/users/{username}/installation',
      200,
      (await asApp.rest.apps.getUserInstallation({ username: 'octo-dev' })).data,
    );
    const bot = new Octokit({ baseUrl: sim.apiUrl, auth: token.data.token });
    expectDocumented(
      'get',
      '/installation/repositories',
      200,
      (await bot.rest.apps.listReposAccessibleToInstallation()).data,
    );

    // What the bot writes: comments, statuses, check runs.
    const pull = await sim.openPullRequest({
      ...repo,
      author: 'octo-dev',
      title: 'Fidelity checks',
    });
    const comment = await bot.rest.issues.createComment({
      ...repo,
      issue_number: pull.number,
      body: 'Not staked yet',
    });
    expectDocumented(
      'post',
      '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      201,
      comment.data,
    );
    const comment_id = comment.data.id;
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/issues/comments/{comment_id}',
      200,
      (await anonymous.rest.issues.getComment({ ...repo, comment_id })).data,
    );
    expectDocumented(
      'patch',
      '/repos/{owner}/{repo}/issues/comments/{comment_id}',
      200,
      (await bot.rest.issues.updateComment({ ...repo, comment_id, body: 'Staked' })).data,
    );
    expect((await bot.rest.issues.deleteComment({ ...repo, comment_id })).status).toBe(204);
    checked.add('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}');

    const sha = pull.head.sha;
    const status = await bot.rest.repos.createCommitStatus({
      ...repo,
      sha,
      state: 'pending',
      context: 'openstake/stake',
      description: 'Not staked yet',
      target_url: 'http://localhost:5173/stake',
    });
    expect(status.status).toBe(201);
    expectDocumented('post', '/repos/{owner}/{repo}/statuses/{sha}', 201, status.data);
    await maintainer.rest.repos.createCommitStatus({ ...repo, sha, state: 'success' });
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/commits/{ref}/statuses',
      200,
      (await anonymous.rest.repos.listCommitStatusesForRef({ ...repo, ref: sha })).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/commits/{ref}/status',
      200,
      (await anonymous.rest.repos.getCombinedStatusForRef({ ...repo, ref: sha })).data,
    );
    const run = await bot.rest.checks.create({
      ...repo,
      name: 'openstake/stake',
      head_sha: sha,
      details_url: 'http://localhost:5173/stake',
      external_id: 'stake-1',
      output: { title: 'Not staked yet', summary: 'Stake to pass', text: 'More' },
    });
    expect(run.status).toBe(201);
    expectDocumented('post', '/repos/{owner}/{repo}/check-runs', 201, run.data);
    const check_run_id = run.data.id;
    expectDocumented(
      'patch',
      '/repos/{owner}/{repo}/check-runs/{check_run_id}',
      200,
      (await bot.rest.checks.update({ ...repo, check_run_id, conclusion: 'success' })).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/check-runs/{check_run_id}',
      200,
      (await anonymous.rest.checks.get({ ...repo, check_run_id })).data,
    );
    expectDocumented(
      'get',
      '/repos/{owner}/{repo}/commits/{ref}/check-runs',
      200,
      (await anonymous.rest.checks.listForRef({ ...repo, ref: sha })).data,
    );
  });

  it('errors', async () => {
    const notFound = await fetch(`${sim.apiUrl}/repos/nobody/nothing`);
    expect(notFound.status).toBe(404);
    expectDocumented('get', '/repos/{owner}/{repo}', 404, await notFound.json());
    const invalid = await fetch(`${sim.apiUrl}/repos/${repo.owner}/${repo.repo}/issues`, {
      method: 'POST',
      headers: {
        authorization: `token ${sim.tokenFor('mia-maintainer')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ body: 'no title' }),
    });
    expect(invalid.status).toBe(422);
    expectDocumented('post', '/repos/{owner}/{repo}/issues', 422, await invalid.json());
    const denied = await fetch(`${sim.apiUrl}/user`, {
      headers: { authorization: 'token not-a-token' },
    });
    expect(denied.status).toBe(401);
    expectDocumented('get', '/user', 401, await denied.json());
  });

  it('covers every REST operation the simulator routes', () => {
    expect([...checked].sort()).toEqual(
      [
        'DELETE /repos/{owner}/{repo}/hooks/{hook_id}',
        'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}',
        'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
        'GET /app',
        'GET /app/installations',
        'GET /app/installations/{installation_id}',
        'GET /installation/repositories',
        'GET /orgs/{org}/installation',
        'GET /repos/{owner}/{repo}/check-runs/{check_run_id}',
        'GET /repos/{owner}/{repo}/commits/{ref}/check-runs',
        'GET /repos/{owner}/{repo}/commits/{ref}/status',
        'GET /repos/{owner}/{repo}/commits/{ref}/statuses',
        'GET /repos/{owner}/{repo}/installation',
        'GET /repos/{owner}/{repo}/issues/comments/{comment_id}',
        'GET /users/{username}/installation',
        'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}',
        'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
        'POST /app/installations/{installation_id}/access_tokens',
        'POST /repos/{owner}/{repo}/check-runs',
        'POST /repos/{owner}/{repo}/statuses/{sha}',
        'GET /orgs/{org}',
        'GET /orgs/{org}/repos',
        'GET /orgs/{org}/members/{username}',
        'GET /orgs/{org}/memberships/{username}',
        'GET /orgs/{org}/public_members/{username}',
        'GET /rate_limit',
        'GET /repos/{owner}/{repo}',
        'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
        'GET /repos/{owner}/{repo}/hooks',
        'GET /repos/{owner}/{repo}/hooks/{hook_id}',
        'GET /repos/{owner}/{repo}/hooks/{hook_id}/deliveries',
        'GET /repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}',
        'GET /repos/{owner}/{repo}/issues',
        'GET /repos/{owner}/{repo}/issues/{issue_number}',
        'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
        'GET /repos/{owner}/{repo}/issues/{issue_number}/labels',
        'GET /repos/{owner}/{repo}/languages',
        'GET /repos/{owner}/{repo}/pulls',
        'GET /repos/{owner}/{repo}/pulls/{pull_number}',
        'GET /repos/{owner}/{repo}/pulls/{pull_number}/merge',
        'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
        'GET /repos/{owner}/{repo}/readme',
        'GET /repos/{owner}/{repo}/contents/{path}',
        'PUT /repos/{owner}/{repo}/contents/{path}',
        'GET /search/issues',
        'GET /user',
        'GET /user/emails',
        'GET /user/repos',
        'POST /user/repos',
        'GET /users/{username}',
        'GET /users/{username}/orgs',
        'GET /users/{username}/repos',
        'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
        'POST /repos/{owner}/{repo}/hooks',
        'POST /repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts',
        'POST /repos/{owner}/{repo}/issues',
        'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
        'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
        'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
        'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge',
      ].sort(),
    );
  });
});

/** The JSON type of the value at a dotted path, or 'missing'. */
function typeAt(value: unknown, path: string): string {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !(key in current)) return 'missing';
    current = (current as Record<string, unknown>)[key];
  }
  if (current === null) return 'null';
  if (Array.isArray(current)) return 'array';
  return typeof current;
}

/** The JSON types GitHub's webhook schema allows at a dotted path (OpenAPI 3.0 style). */
function schemaTypesAt(schema: unknown, path: string[]): Set<string> {
  const types = new Set<string>();
  const visit = (node: unknown, rest: string[]) => {
    if (typeof node !== 'object' || node === null) return;
    const s = node as Record<string, unknown>;
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      if (Array.isArray(s[key])) for (const sub of s[key] as unknown[]) visit(sub, rest);
    }
    if (rest.length === 0) {
      if (typeof s.type === 'string') types.add(s.type === 'integer' ? 'number' : s.type);
      if (Array.isArray(s.type))
        for (const t of s.type as string[]) types.add(t === 'integer' ? 'number' : t);
      if (s.nullable === true) types.add('null');
      return;
    }
    const [head, ...tail] = rest;
    const properties = s.properties as Record<string, unknown> | undefined;
    if (head !== undefined && properties?.[head]) visit(properties[head], tail);
  };
  visit(schema, path);
  return types;
}

const PATHS: Record<string, string[]> = {
  pull_request: [
    'action',
    'number',
    'pull_request.number',
    'pull_request.state',
    'pull_request.merged',
    'pull_request.merged_at',
    'pull_request.html_url',
    'pull_request.user.login',
    'pull_request.user.id',
    'pull_request.head.ref',
    'pull_request.base.repo.full_name',
    'pull_request.body',
    'pull_request.title',
    'repository.id',
    'repository.full_name',
    'repository.name',
    'repository.owner.login',
    'repository.html_url',
    'sender.login',
  ],
  pull_request_review: [
    'action',
    'review.state',
    'review.user.login',
    'review.submitted_at',
    'pull_request.number',
    'pull_request.html_url',
    'pull_request.user.login',
    'repository.full_name',
    'sender.login',
  ],
  issues: [
    'action',
    'issue.number',
    'issue.title',
    'issue.labels',
    'issue.user.login',
    'repository.full_name',
    'sender.login',
  ],
  issue_comment: [
    'action',
    'issue.number',
    'issue.title',
    'issue.labels',
    'issue.user.login',
    'comment.body',
    'repository.full_name',
    'sender.login',
  ],
  ping: ['zen', 'hook_id', 'repository.full_name', 'sender.login'],
  push: [
    'ref',
    'repository.full_name',
    'repository.default_branch',
    'commits',
    'head_commit.added',
    'head_commit.modified',
    'head_commit.removed',
    'sender.login',
  ],
  status: ['sha', 'state', 'context', 'description', 'target_url', 'repository.full_name'],
  check_run: [
    'action',
    'check_run.id',
    'check_run.name',
    'check_run.head_sha',
    'check_run.status',
    'check_run.conclusion',
    'check_run.app.id',
    'repository.full_name',
  ],
  installation: [
    'action',
    'installation.id',
    'installation.app_id',
    'installation.account.login',
    'installation.repository_selection',
    'repositories',
    'sender.login',
  ],
  installation_repositories: [
    'action',
    'installation.id',
    'installation.account.login',
    'repository_selection',
    'repositories_added',
    'repositories_removed',
    'sender.login',
  ],
};

describe('webhook payloads carry what OpenStake reads, typed as GitHub sends them', () => {
  const secret = 'fidelity-secret';
  const payloads = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    const target = { owner: 'openstake-labs', repo: 'openstake-web' };
    await maintainer.rest.repos.createWebhook({
      ...target,
      events: ['*'],
      config: { url: receiver.url, content_type: 'json', secret },
    });
    // A GitHub App on the same receiver: its copies of the repository's events carry
    // `installation`, and it alone gets the `installation*` events.
    const hooksApp = sim.createApp({
      slug: 'fidelity-hooks',
      webhookUrl: receiver.url,
      webhookSecret: secret,
    });
    const installation = await sim.installApp({
      app: hooksApp.slug,
      account: 'openstake-labs',
      repositories: ['openstake-web'],
    });
    await sim.addInstallationRepositories({
      installationId: installation.id,
      repositories: ['docs'],
    });
    await sim.removeInstallationRepositories({
      installationId: installation.id,
      repositories: ['docs'],
    });
    const bot = new Octokit({
      baseUrl: sim.apiUrl,
      auth: sim.installationToken(installation.id).token,
    });
    const issue = await maintainer.rest.issues.create({
      ...target,
      title: 'Webhook fidelity',
      labels: ['help wanted'],
    });
    const comment = await maintainer.rest.issues.createComment({
      ...target,
      issue_number: issue.data.number,
      body: 'I will take this',
    });
    await maintainer.rest.issues.updateComment({
      ...target,
      comment_id: comment.data.id,
      body: 'I will take this one',
    });
    await maintainer.rest.issues.deleteComment({ ...target, comment_id: comment.data.id });
    await sim.idle();
    const first = await sim.openPullRequest({
      ...target,
      author: 'octo-dev',
      title: 'Fix the thing',
      body: `Fixes #${issue.data.number}`,
      head: 'octo-dev/fix-thing',
    });
    await sim.pushToPullRequest({ ...target, number: first.number });
    const head = (await anonymous.rest.pulls.get({ ...target, pull_number: first.number })).data
      .head.sha;
    await bot.rest.repos.createCommitStatus({
      ...target,
      sha: head,
      state: 'success',
      context: 'openstake/stake',
      description: 'Staked 20 coins',
      target_url: 'http://localhost:5173/stakes/1',
    });
    const run = await bot.rest.checks.create({
      ...target,
      name: 'openstake/stake',
      head_sha: head,
      output: { title: 'Not staked yet', summary: 'Stake to pass' },
    });
    await bot.rest.checks.update({ ...target, check_run_id: run.data.id, conclusion: 'success' });
    await sim.idle();
    await sim.reviewPullRequest({
      ...target,
      number: first.number,
      reviewer: 'mia-maintainer',
      state: 'APPROVED',
    });
    await sim.mergePullRequest({ ...target, number: first.number, by: 'mia-maintainer' });
    const second = await sim.openPullRequest({ ...target, author: 'octo-dev', title: 'Nope' });
    await sim.closePullRequest({ ...target, number: second.number, by: 'mia-maintainer' });
    await sim.commitFile({
      ...target,
      path: '.github/VOUCHED.td',
      text: 'octo-dev\n',
      by: 'mia-maintainer',
    });
    const userInstallation = await sim.installApp({ app: hooksApp.slug, account: 'octo-dev' });
    await sim.uninstallApp({ installationId: userInstallation.id });

    for (const webhook of receiver.received) {
      const json = webhook.json as {
        repository?: { full_name?: string };
        installation?: { app_id?: number };
      };
      const appLevel = !json.repository && json.installation?.app_id === hooksApp.id;
      if (!appLevel && json.repository?.full_name !== 'openstake-labs/openstake-web') continue;
      expect(hasValidSignature(webhook, secret)).toBe(true);
      const event = String(webhook.headers['x-github-event']);
      const action = typeof webhook.json.action === 'string' ? webhook.json.action : '';
      const merged =
        event === 'pull_request' && action === 'closed'
          ? (webhook.json.pull_request as { merged: boolean }).merged
            ? ':merged'
            : ':unmerged'
          : '';
      const app = webhook.headers['x-github-hook-installation-target-type'] === 'integration';
      payloads.set(`${app ? 'app:' : ''}${event}:${action}${merged}`, webhook.json);
    }
  });

  const cases: [string, string, string][] = [
    ['ping', 'ping:', 'ping'],
    ['push', 'push:', 'push'],
    ['push', 'app:push:', 'push'],
    ['issues', 'issues:opened', 'issues-opened'],
    ['issue_comment', 'issue_comment:created', 'issue-comment-created'],
    ['pull_request', 'pull_request:opened', 'pull-request-opened'],
    ['pull_request', 'pull_request:closed:merged', 'pull-request-closed'],
    ['pull_request', 'pull_request:closed:unmerged', 'pull-request-closed'],
    ['pull_request_review', 'pull_request_review:submitted', 'pull-request-review-submitted'],
    ['issue_comment', 'issue_comment:edited', 'issue-comment-edited'],
    ['issue_comment', 'issue_comment:deleted', 'issue-comment-deleted'],
    ['issue_comment', 'app:issue_comment:created', 'issue-comment-created'],
    ['pull_request', 'pull_request:synchronize', 'pull-request-synchronize'],
    ['pull_request', 'app:pull_request:synchronize', 'pull-request-synchronize'],
    ['status', 'status:', 'status'],
    ['status', 'app:status:', 'status'],
    ['check_run', 'check_run:created', 'check-run-created'],
    ['check_run', 'check_run:completed', 'check-run-completed'],
    ['check_run', 'app:check_run:completed', 'check-run-completed'],
    ['installation', 'app:installation:created', 'installation-created'],
    ['installation', 'app:installation:deleted', 'installation-deleted'],
    [
      'installation_repositories',
      'app:installation_repositories:added',
      'installation-repositories-added',
    ],
    [
      'installation_repositories',
      'app:installation_repositories:removed',
      'installation-repositories-removed',
    ],
  ];

  it.each(cases)('%s (%s)', (event, key, webhookId) => {
    const payload = payloads.get(key);
    expect(payload, `no ${key} delivery received`).toBeDefined();
    const examples = webhookExamples.find((e) => e.name === event)?.examples ?? [];
    expect(examples.length).toBeGreaterThan(0);
    const schema =
      spec['x-webhooks'][webhookId]?.post?.requestBody?.content['application/json']?.schema;
    for (const path of PATHS[event] ?? []) {
      const ours = typeAt(payload, path);
      // Types the real examples show; where they are all null (merged_at of unmerged pull
      // requests), the type GitHub's webhook schema documents for the field.
      const seen = new Set(examples.map((e) => typeAt(e, path)));
      expect(seen.has('missing') && seen.size === 1, `${path} is in no example`).toBe(false);
      const allowed = new Set([...seen].filter((t) => t !== 'missing'));
      if ([...allowed].every((t) => t === 'null')) {
        for (const t of schemaTypesAt(schema, path.split('.'))) allowed.add(t);
      }
      expect(allowed, `${key}: ${path} is ${ours}`).toContain(ours);
    }
  });

  it.each(cases)('%s (%s) validates against the documented webhook schema', (_e, key, id) => {
    const schema = spec['x-webhooks'][id]?.post?.requestBody?.content['application/json']?.schema;
    expect(schema).toBeDefined();
    const validate = compile(schema as object);
    const valid = validate(payloads.get(key));
    expect(valid, `${key}:\n${errorsOf(validate)}`).toBe(true);
  });

  it("sends an app's copies with the installation, and the repository's without", () => {
    for (const [key, payload] of payloads) {
      expect(payload.installation !== undefined, key).toBe(key.startsWith('app:'));
    }
  });

  it('carries the keys of the real example objects', () => {
    const objects: [string, string, string][] = [
      ['pull_request', 'pull_request:opened', 'pull_request'],
      ['pull_request', 'pull_request:opened', 'repository'],
      ['pull_request', 'pull_request:opened', 'sender'],
      ['pull_request_review', 'pull_request_review:submitted', 'review'],
      ['issues', 'issues:opened', 'issue'],
      ['issue_comment', 'issue_comment:created', 'comment'],
      ['ping', 'ping:', 'hook'],
      ['push', 'push:', 'head_commit'],
      ['installation', 'app:installation:created', 'installation'],
      ['check_run', 'check_run:created', 'check_run'],
      ['status', 'status:', 'commit'],
    ];
    for (const [event, key, field] of objects) {
      const example = webhookExamples.find((e) => e.name === event)?.examples[0] ?? {};
      const expected = Object.keys((example[field] ?? {}) as object);
      const ours = Object.keys((payloads.get(key)?.[field] ?? {}) as object);
      // Only check runs of an Actions workflow with an environment have a `deployment`.
      const optional = field === 'check_run' ? ['deployment'] : [];
      expect(
        expected.filter((k) => !ours.includes(k) && !optional.includes(k)),
        `${key} ${field} lacks keys`,
      ).toEqual([]);
    }
  });
});
