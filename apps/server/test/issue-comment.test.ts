import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Octokit } from '@octokit/rest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { GithubSim } from '@openstake/github-sim';
import {
  AUTOMATION_SECRET_NAME,
  automationWorkflowYaml,
  maskApiKey,
  type ApiKey,
  type CreatedApiKey,
} from '@openstake/core';
import { apiKeys, githubAccounts } from '../src/db/schema';
import { hashApiKey, newApiKey } from '../src/modules/api-keys/api-key-secret';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

const run = promisify(execFile);

const ORG = 'openstake-labs';
const REPO = 'stake-engine';
const CONTEXT = [
  `# ${ORG}`,
  '',
  `## ${ORG}/${REPO}`,
  'Payouts are computed in src/settlement/payout.ts; run `npm test` before opening a pull request.',
  'The web client lives in another repository.',
].join('\n');

let app: TestApp;
let sim: GithubSim;
let base: string;
let mia: Account; // admin of openstake-labs
let miaGithub: Octokit;
let key: CreatedApiKey;
let ownAccountKey: CreatedApiKey; // a key of mia's own account, another "organization"

async function createKey(org: string, name: string): Promise<CreatedApiKey> {
  const saved = await app.server.inject({
    method: 'PUT',
    url: `/api/maintainer/organizations/${org}/context`,
    headers: { cookie: mia.cookie },
    payload: { context: org === ORG ? CONTEXT : `# ${org}` },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const res = await app.server.inject({
    method: 'POST',
    url: `/api/maintainer/organizations/${org}/api-keys`,
    headers: { cookie: mia.cookie },
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ data: CreatedApiKey }>().data;
}

async function openIssue(input: { title: string; body?: string; labels?: string[] }) {
  const { data } = await miaGithub.rest.issues.create({ owner: ORG, repo: REPO, ...input });
  return data;
}

const comment = (payload: object, authorization?: string, headers: Record<string, string> = {}) =>
  app.server.inject({
    method: 'POST',
    url: '/api/maintainer/issue-comment',
    headers: { ...(authorization ? { authorization } : {}), ...headers },
    payload,
  });

const commentsOn = async (issueNumber: number) =>
  (await miaGithub.rest.issues.listComments({ owner: ORG, repo: REPO, issue_number: issueNumber }))
    .data;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
  miaGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  key = await createKey(ORG, 'workflow');
  ownAccountKey = await createKey('mia-maintainer', 'own');
});
afterAll(() => app.close());

describe('POST /api/maintainer/issue-comment', () => {
  it("comments on the issue as the key's creator, with difficulty, amounts and relevant files", async () => {
    const issue = await openIssue({
      title: 'Payout rounding loses a coin',
      body: 'Seen in `src/settlement/engine.ts` when a bounty is split.',
      labels: ['intermediate'],
    });
    const res = await comment(
      { issue_number: issue.number, repo: REPO, org: ORG, issue_url: issue.html_url },
      `Bearer ${key.secretKey}`,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ difficulty: 'intermediate', stakeAmount: 10, bountyAmount: 0 });

    const comments = await commentsOn(issue.number);
    expect(comments).toHaveLength(1);
    const [posted] = comments;
    expect(posted!.user!.login).toBe('mia-maintainer');
    expect(posted!.html_url).toBe(data.commentUrl);
    const body = posted!.body!;
    expect(body).toContain('### OpenStake guidance');
    expect(body).toContain('**Suggested difficulty:** intermediate (from the labels)');
    expect(body).toContain('**Stake to work on it:** 10 coins');
    expect(body).toContain('**Bounty:** none');
    expect(body).toContain('**XP on merge:** 50');
    expect(body).toContain('`src/settlement/engine.ts` (named in this issue)');
    expect(body).toContain('`src/settlement/payout.ts` (from the project context)');
    // The default provider quotes the context's lines that share the issue's words.
    expect(body).toContain('**Notes**');
    expect(body).toContain('Payouts are computed in src/settlement/payout.ts');
    expect(body).not.toContain('The web client lives in another repository.');

    // The key was used just now; nothing else about it changed.
    const [row] = await app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(new Date(key.createdAt).getTime());
    const listed = await app.server.inject({
      url: `/api/maintainer/organizations/${ORG}/api-keys`,
      headers: { cookie: mia.cookie },
    });
    const shown = listed.json<{ data: ApiKey[] }>().data.find((k) => k._id === key._id)!;
    expect(shown.lastUsed).toBe(row!.lastUsedAt!.toISOString());

    // The workflow re-run (or retried) finds its comment instead of posting a second one.
    const again = await comment(
      { issue_number: issue.number, repo: REPO, org: ORG },
      `Bearer ${key.secretKey}`,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().data.commentUrl).toBe(data.commentUrl);
    expect(await commentsOn(issue.number)).toHaveLength(1);
  });

  it("uses a bounty issue's own stake and bounty", async () => {
    // Created through OpenStake's own "Create Issue with Stake & Bounty" (coins move to escrow).
    const created = await app.server.inject({
      method: 'POST',
      url: '/api/maintainer/bounty-issues',
      headers: { cookie: mia.cookie },
      payload: {
        owner: ORG,
        repo: REPO,
        title: 'Speed up settlement',
        body: 'Settlement of a payout takes seconds.',
        labels: ['enhancement'],
        stakeAmount: 25,
        bountyAmount: 250,
      },
    });
    expect(created.statusCode).toBe(201);
    const { number } = created.json<{ data: { number: number } }>().data;

    const res = await comment(
      { issue_number: number, repo: REPO, org: ORG },
      `Bearer ${key.secretKey}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      difficulty: 'beginner',
      stakeAmount: 25,
      bountyAmount: 250,
    });
    const [posted] = await commentsOn(number);
    expect(posted!.body).toContain('**Bounty:** 250 coins, paid to the first merged pull request');
    expect(posted!.body).toContain('**Stake to work on it:** 25 coins');
    expect(posted!.body).toContain('(no difficulty label yet)');
  });

  it('says the difficulty came from the labels only when a label names one', async () => {
    // 'easy-peasy' has the word 'easy' in it but names no difficulty: the difficulty is the
    // default, and the comment says no label set it.
    const issue = await openIssue({
      title: 'Typo in the settlement docs',
      body: 'A word is misspelt.',
      labels: ['easy-peasy', 'documentation'],
    });
    const res = await comment(
      { issue_number: issue.number, repo: REPO, org: ORG },
      `Bearer ${key.secretKey}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ difficulty: 'beginner', stakeAmount: 5 });
    const [posted] = await commentsOn(issue.number);
    expect(posted!.body).toContain('**Suggested difficulty:** beginner (no difficulty label yet)');
  });

  it('answers 401 without a valid key, whatever else the request carries', async () => {
    const issue = await openIssue({ title: 'Unauthorised attempts' });
    const payload = { issue_number: issue.number, repo: REPO, org: ORG };
    const attempts = [
      await comment(payload),
      await comment(payload, 'Bearer nope'),
      await comment(payload, `Bearer osk_${'0'.repeat(32)}`),
      await comment(payload, key.secretKey), // no scheme
      await comment(payload, `Basic ${key.secretKey}`),
      // A maintainer's session is not an API key.
      await comment(payload, `Bearer ${mia.token}`),
      await comment(payload, undefined, { cookie: mia.cookie }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
    expect(await commentsOn(issue.number)).toEqual([]);
    expect(app.rawLogs()).not.toContain(key.secretKey);
  });

  it("refuses another organization's key with 403", async () => {
    const issue = await openIssue({ title: 'Wrong organization' });
    const res = await comment(
      { issue_number: issue.number, repo: REPO, org: ORG },
      `Bearer ${ownAccountKey.secretKey}`,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`This API key belongs to another organization, not ${ORG}`);
    expect(await commentsOn(issue.number)).toEqual([]);
  });

  it('stops accepting a key once it is deleted', async () => {
    const doomed = await createKey(ORG, 'doomed');
    const issue = await openIssue({ title: 'Revocation' });
    const payload = { issue_number: issue.number, repo: REPO, org: ORG };
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: `/api/maintainer/organizations/${ORG}/api-keys/${doomed._id}`,
      headers: { cookie: mia.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await comment(payload, `Bearer ${doomed.secretKey}`)).statusCode).toBe(401);
    expect(await commentsOn(issue.number)).toEqual([]);
  });

  it("needs the key's creator to still have GitHub linked", async () => {
    // octo-dev manages its own account (an "organization" of its own) and makes a key for it.
    const octo = await createUser(app, 'maintainer', { githubUsername: 'octo-dev' });
    await linkGithub(base, octo, 'octo-dev');
    const own = '/api/maintainer/organizations/octo-dev';
    const saved = await app.server.inject({
      method: 'PUT',
      url: `${own}/context`,
      headers: { cookie: octo.cookie },
      payload: { context: '# octo-dev' },
    });
    expect(saved.statusCode).toBe(200);
    const res = await app.server.inject({
      method: 'POST',
      url: `${own}/api-keys`,
      headers: { cookie: octo.cookie },
      payload: { name: 'octo' },
    });
    expect(res.statusCode).toBe(201);
    const octoKey = res.json<{ data: CreatedApiKey }>().data;
    const octoGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('octo-dev') });
    const target = { owner: 'octo-dev', repo: 'ts-utils' };
    const { data: issue } = await octoGithub.rest.issues.create({
      ...target,
      title: 'Creator without GitHub',
    });
    // The link is gone (as when an account is unlinked): the comment would have no author.
    await app.ctx.db.delete(githubAccounts).where(eq(githubAccounts.userId, octo.user.id));
    const denied = await comment(
      { issue_number: issue.number, repo: target.repo, org: target.owner },
      `Bearer ${octoKey.secretKey}`,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      code: 'GITHUB_AUTH_REQUIRED',
      message: expect.stringMatching(/^GitHub authentication required/),
    });
    const { data: comments } = await octoGithub.rest.issues.listComments({
      ...target,
      issue_number: issue.number,
    });
    expect(comments).toEqual([]);
  });

  it('refuses a key whose creator is a member of the organization but not an owner', async () => {
    // Members could make keys before only owners could: such a key must not comment as them.
    const tess = await createUser(app, 'maintainer', { githubUsername: 'tess-tester' });
    await linkGithub(base, tess, 'tess-tester');
    const secretKey = newApiKey();
    await app.ctx.db.insert(apiKeys).values({
      organization: ORG,
      name: 'made by a member',
      keyHash: hashApiKey(secretKey),
      maskedKey: maskApiKey(secretKey),
      createdBy: tess.user.id,
    });
    const issue = await openIssue({ title: 'Key of a member' });
    const denied = await comment(
      { issue_number: issue.number, repo: REPO, org: ORG },
      `Bearer ${secretKey}`,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: `The maintainer who created this API key can no longer manage ${ORG} on GitHub`,
    });
    expect(await commentsOn(issue.number)).toEqual([]);
  });

  it('checks the issue and the request', async () => {
    const auth = `Bearer ${key.secretKey}`;
    const missing = await comment({ issue_number: 99_999, repo: REPO, org: ORG }, auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`Issue ${ORG}/${REPO}#99999 was not found on GitHub`);

    const pull = await sim.openPullRequest({
      owner: ORG,
      repo: REPO,
      author: 'octo-dev',
      title: 'A pull request',
    });
    const onPull = await comment({ issue_number: pull.number, repo: REPO, org: ORG }, auth);
    expect(onPull.statusCode).toBe(400);
    expect(onPull.json().message).toMatch(/is a pull request, not an issue/);

    const issue = await openIssue({ title: 'Mismatched URL' });
    const mismatch = await comment(
      {
        issue_number: issue.number,
        repo: REPO,
        org: ORG,
        issue_url: `${sim.webUrl}/${ORG}/${REPO}/issues/1`,
      },
      auth,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().field).toBe('issue_url');

    const invalid = await comment({ issue_number: 'one', repo: REPO, org: ORG }, auth);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().field).toBe('issue_number');
    expect(await commentsOn(issue.number)).toEqual([]);
  });

  it('answers only its declared method and path, and refuses cross-site browsers', async () => {
    const other = await app.server.inject({ method: 'GET', url: '/api/maintainer/issue-comment' });
    expect(other.statusCode).toBe(404);
    const trailing = await app.server.inject({
      method: 'POST',
      url: '/api/maintainer/issue-comment/',
      headers: { authorization: `Bearer ${key.secretKey}` },
      payload: {},
    });
    expect(trailing.statusCode).toBe(404);
    const crossSite = await comment(
      { issue_number: 1, repo: REPO, org: ORG },
      `Bearer ${key.secretKey}`,
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().message).toBe('Cross-site requests are not allowed');
  });
});

describe('the automation workflow from the docs page', () => {
  interface Step {
    name: string;
    env: Record<string, string>;
    run: string;
  }
  interface Workflow {
    on: { issues: { types: string[] } };
    jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
  }

  /** Evaluates a `${{ a.b.c }}` expression of a workflow against the given contexts. */
  function evaluate(value: string, contexts: Record<string, unknown>): string {
    const match = /^\$\{\{\s*([\w.]+)\s*\}\}$/.exec(value);
    if (!match) return value;
    let current: unknown = contexts;
    for (const part of match[1]!.split('.')) {
      if (typeof current !== 'object' || current === null || !(part in current)) {
        throw new Error(`the workflow reads ${match[1]}, which GitHub does not provide`);
      }
      current = (current as Record<string, unknown>)[part];
    }
    return String(current);
  }

  /** Runs the workflow's step as GitHub Actions runs a `run:` script on ubuntu-latest. */
  async function runWorkflow(secret: string, issue: { number: number }) {
    const workflow = parse(automationWorkflowYaml(base)) as Workflow;
    expect(workflow.on.issues.types).toEqual(['opened']);
    const [job] = Object.values(workflow.jobs);
    expect(job!['runs-on']).toBe('ubuntu-latest');
    const [step] = job!.steps;
    // The `issues` event's payload: the issue and its repository, as GitHub sends them.
    const { data: fullIssue } = await miaGithub.rest.issues.get({
      owner: ORG,
      repo: REPO,
      issue_number: issue.number,
    });
    const { data: repository } = await miaGithub.rest.repos.get({ owner: ORG, repo: REPO });
    const contexts = {
      secrets: { [AUTOMATION_SECRET_NAME]: secret },
      github: {
        event: { action: 'opened', issue: fullIssue, repository },
        repository_owner: repository.owner.login,
        repository: repository.full_name,
      },
    };
    const env = Object.fromEntries(
      Object.entries(step!.env).map(([name, value]) => [name, evaluate(value, contexts)]),
    );
    return run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step!.run], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      timeout: 30_000,
    });
  }

  it('posts the guidance comment when run with curl, as GitHub Actions would', async () => {
    const issue = await openIssue({
      title: 'Document the payout rounding',
      body: 'Explain it in docs/payouts.md.',
      labels: ['documentation', 'good first issue'],
    });
    const { stdout } = await runWorkflow(key.secretKey, issue);
    const answer = JSON.parse(stdout) as { success: boolean; data: { commentUrl: string } };
    expect(answer).toMatchObject({
      success: true,
      data: { difficulty: 'beginner', stakeAmount: 5, bountyAmount: 0 },
    });
    const comments = await commentsOn(issue.number);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.html_url).toBe(answer.data.commentUrl);
    expect(comments[0]!.body).toContain('### OpenStake guidance');
    expect(comments[0]!.body).toContain('`docs/payouts.md` (named in this issue)');
    expect(comments[0]!.body).toContain('`src/settlement/payout.ts` (from the project context)');
  });

  it('fails the workflow step, with the reason, on a wrong key', async () => {
    const issue = await openIssue({ title: 'Wrong secret' });
    const failed = await runWorkflow(`osk_${'1'.repeat(32)}`, issue).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed).not.toBeNull();
    expect(failed!.code).toBe(22); // curl --fail-with-body on an HTTP error
    expect(JSON.parse(failed!.stdout)).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(await commentsOn(issue.number)).toEqual([]);
  });
});
