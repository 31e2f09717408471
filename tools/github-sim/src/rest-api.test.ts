/** The REST API through the real Octokit client, over real HTTP. */
import type { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { octokitFor } from '../test/helpers';
import { startGithubSim, type GithubSim } from './index';

let sim: GithubSim;
let anonymous: Octokit;
let mia: Octokit;
let rita: Octokit;
let octo: Octokit;

beforeAll(async () => {
  sim = await startGithubSim();
  anonymous = octokitFor(sim);
  mia = octokitFor(sim, 'mia-maintainer');
  rita = octokitFor(sim, 'rita-reader');
  octo = octokitFor(sim, 'octo-dev');
});

afterAll(() => sim?.close());

const stakeEngine = { owner: 'openstake-labs', repo: 'stake-engine' };

describe('authentication', () => {
  it('identifies the holder of a token', async () => {
    const { data, headers } = await octo.rest.users.getAuthenticated();
    expect(data).toMatchObject({ login: 'octo-dev', type: 'User', name: 'Octo Dev' });
    expect(data.avatar_url).toBe(`${sim.webUrl}/avatars/octo-dev.png`);
    expect(headers['x-oauth-scopes']).toContain('repo');
  });

  it('accepts both `token` and `Bearer` authorization', async () => {
    const token = sim.tokenFor('newbie-nia');
    for (const scheme of ['token', 'Bearer']) {
      const response = await fetch(`${sim.apiUrl}/user`, {
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ login: 'newbie-nia' });
    }
  });

  it('answers 401 Bad credentials to an unknown token, even on public endpoints', async () => {
    const response = await fetch(`${sim.apiUrl}/repos/openstake-labs/stake-engine`, {
      headers: { authorization: 'token gho_unknown' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'Bad credentials',
      documentation_url: 'https://docs.github.com/rest',
      status: '401',
    });
  });

  it('needs a token for /user endpoints only', async () => {
    await expect(anonymous.rest.users.getAuthenticated()).rejects.toMatchObject({
      status: 401,
      message: expect.stringContaining('Requires authentication'),
    });
    const { data } = await anonymous.rest.users.getByUsername({ username: 'octo-dev' });
    expect(data.login).toBe('octo-dev');
  });

  it('throws from tokenFor for an unknown login', () => {
    expect(() => sim.tokenFor('nobody-here')).toThrow();
  });

  it('hides a private email in profiles but lists it in /user/emails', async () => {
    const profile = await anonymous.rest.users.getByUsername({ username: 'mia-maintainer' });
    expect(profile.data.email).toBeNull();
    const { data } = await mia.rest.users.listEmailsForAuthenticatedUser();
    expect(data.find((e) => e.primary)).toMatchObject({
      email: 'mia.maintainer@example.com',
      verified: true,
      visibility: 'private',
    });
    const octoProfile = await anonymous.rest.users.getByUsername({ username: 'octo-dev' });
    expect(octoProfile.data.email).toBe('octo.dev@example.com');
  });

  it('serves avatars as PNG images', async () => {
    const response = await fetch(`${sim.webUrl}/avatars/octo-dev.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });
});

describe('private repositories', () => {
  const internal = { owner: 'openstake-labs', repo: 'internal-tools' };

  it('are 404 to anonymous users and outsiders', async () => {
    await expect(anonymous.rest.repos.get(internal)).rejects.toMatchObject({ status: 404 });
    await expect(rita.rest.repos.get(internal)).rejects.toMatchObject({ status: 404 });
    await expect(anonymous.rest.issues.listForRepo(internal)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('are visible to organization members and listed for them', async () => {
    const { data } = await octo.rest.repos.get(internal);
    expect(data).toMatchObject({ private: true, visibility: 'private' });
    const orgRepos = await octo.rest.repos.listForOrg({ org: 'openstake-labs', per_page: 100 });
    expect(orgRepos.data.map((r) => r.name)).toContain('internal-tools');
    const publicOnly = await anonymous.rest.repos.listForOrg({
      org: 'openstake-labs',
      per_page: 100,
    });
    expect(publicOnly.data.map((r) => r.name)).not.toContain('internal-tools');
  });

  it('stay out of search results for those who cannot see them', async () => {
    const q = 'repo:openstake-labs/internal-tools';
    await expect(anonymous.rest.search.issuesAndPullRequests({ q })).rejects.toMatchObject({
      status: 422,
    });
    const { data } = await octo.rest.search.issuesAndPullRequests({ q });
    expect(data.total_count).toBeGreaterThan(0);
  });
});

describe('repositories and profiles', () => {
  it('returns repository details, languages and readme', async () => {
    const { data } = await anonymous.rest.repos.get(stakeEngine);
    expect(data).toMatchObject({
      full_name: 'openstake-labs/stake-engine',
      language: 'TypeScript',
      default_branch: 'main',
      owner: { login: 'openstake-labs', type: 'Organization' },
      html_url: `${sim.webUrl}/openstake-labs/stake-engine`,
    });
    expect(data.permissions).toBeUndefined();
    const languages = await anonymous.rest.repos.listLanguages(stakeEngine);
    expect(Object.keys(languages.data)[0]).toBe('TypeScript');
    expect(Object.values(languages.data).every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    const readme = await anonymous.rest.repos.getReadme(stakeEngine);
    expect(readme.data.encoding).toBe('base64');
    const text = Buffer.from((readme.data as { content: string }).content, 'base64').toString();
    expect(text).toMatch(/^# stake-engine/);
  });

  it('lists a user’s repositories and organizations', async () => {
    const repos = await anonymous.rest.repos.listForUser({ username: 'octo-dev' });
    expect(repos.data.map((r) => r.name)).toEqual(['octo-cli', 'ts-utils']);
    const orgs = await anonymous.rest.orgs.listForUser({ username: 'octo-dev' });
    expect(orgs.data.map((o) => o.login)).toEqual(['openstake-labs']);
    const org = await anonymous.rest.orgs.get({ org: 'openstake-labs' });
    expect(org.data).toMatchObject({ login: 'openstake-labs', type: 'Organization' });
    const mine = await mia.rest.repos.listForAuthenticatedUser({ per_page: 100 });
    const names = mine.data.map((r) => r.full_name);
    expect(names).toContain('mia-maintainer/mia-notes');
    expect(names).toContain('openstake-labs/stake-engine');
  });

  it('answers 404 Not Found for unknown users, repositories and paths', async () => {
    await expect(anonymous.rest.users.getByUsername({ username: 'ghost-x' })).rejects.toMatchObject(
      { status: 404 },
    );
    const response = await fetch(`${sim.apiUrl}/no/such/endpoint`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Not Found', status: '404' });
  });
});

describe('pagination', () => {
  it('follows Link headers through every page', async () => {
    const all = await anonymous.paginate(anonymous.rest.issues.listForRepo, {
      ...stakeEngine,
      state: 'all',
      per_page: 5,
    });
    const single = await anonymous.rest.issues.listForRepo({
      ...stakeEngine,
      state: 'all',
      per_page: 100,
    });
    expect(all.length).toBeGreaterThan(10);
    expect(all.map((i) => i.number)).toEqual(single.data.map((i) => i.number));
    expect(new Set(all.map((i) => i.number)).size).toBe(all.length);
  });

  it('uses absolute first, prev, next and last links', async () => {
    const page2 = await anonymous.rest.issues.listForRepo({
      ...stakeEngine,
      state: 'all',
      per_page: 5,
      page: 2,
    });
    const link = page2.headers.link ?? '';
    for (const rel of ['first', 'prev', 'next', 'last']) {
      expect(link).toMatch(new RegExp(`<${sim.apiUrl}/repos/[^>]*page=\\d+[^>]*>; rel="${rel}"`));
    }
    expect(link).toContain('per_page=5');
    const firstPage = await anonymous.rest.issues.listForRepo({ ...stakeEngine, per_page: 100 });
    expect(firstPage.headers.link).toBeUndefined();
  });

  it('defaults to 30 per page and caps per_page at 100', async () => {
    const response = await fetch(`${sim.apiUrl}/search/issues?q=is:pr&per_page=500`);
    const body = (await response.json()) as { items: unknown[]; total_count: number };
    expect(body.total_count).toBeGreaterThan(100);
    expect(body.items).toHaveLength(100);
    const byDefault = await anonymous.rest.search.issuesAndPullRequests({ q: 'is:pr' });
    expect(byDefault.data.items).toHaveLength(30);
  });
});

describe('issues', () => {
  it('lists issues with pull requests among them, filtered and sorted', async () => {
    const { data } = await anonymous.rest.issues.listForRepo({
      ...stakeEngine,
      state: 'all',
      per_page: 100,
    });
    expect(data.some((i) => i.pull_request)).toBe(true);
    expect(data.some((i) => !i.pull_request)).toBe(true);
    const open = await anonymous.rest.issues.listForRepo({
      ...stakeEngine,
      labels: 'good first issue',
      sort: 'created',
      direction: 'asc',
    });
    expect(open.data.length).toBeGreaterThan(0);
    for (const issue of open.data) {
      expect(issue.state).toBe('open');
      expect(issue.labels.map((l) => (typeof l === 'string' ? l : l.name))).toContain(
        'good first issue',
      );
    }
    const created = open.data.map((i) => i.created_at);
    expect(created).toEqual([...created].sort());
  });

  it('creates issues for users with push access, creating missing labels', async () => {
    const { data, status } = await mia.rest.issues.create({
      ...stakeEngine,
      title: 'Bounty: speed up settlement',
      body: 'Worth 50 coins.',
      labels: ['enhancement', 'bounty-50'],
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({ state: 'open', user: { login: 'mia-maintainer' } });
    expect(data.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual([
      'enhancement',
      'bounty-50',
    ]);
    const fetched = await anonymous.rest.issues.get({ ...stakeEngine, issue_number: data.number });
    expect(fetched.data.title).toBe('Bounty: speed up settlement');
  });

  it('refuses to create issues without push access, or without a title', async () => {
    await expect(
      rita.rest.issues.create({ ...stakeEngine, title: 'Not allowed' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(mia.rest.issues.create({ ...stakeEngine, title: '' })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Validation Failed', errors: [{ field: 'title' }] } },
    });
  });

  it("refuses an assignee GitHub does not know with 422 and the assignee's validation error", async () => {
    const before = await anonymous.rest.issues.listForRepo({ ...stakeEngine, state: 'all' });
    await expect(
      mia.rest.issues.create({
        ...stakeEngine,
        title: 'Assigned to nobody',
        assignees: ['octo-dev', 'no-such-person'],
      }),
    ).rejects.toMatchObject({
      status: 422,
      response: {
        data: {
          message: 'Validation Failed',
          errors: [
            { value: 'no-such-person', resource: 'Issue', field: 'assignees', code: 'invalid' },
          ],
        },
      },
    });
    const after = await anonymous.rest.issues.listForRepo({ ...stakeEngine, state: 'all' });
    expect(after.data.map((i) => i.id)).toEqual(before.data.map((i) => i.id));
  });

  it('adds labels, creating the missing ones', async () => {
    const issue = await mia.rest.issues.create({ ...stakeEngine, title: 'Label me' });
    const { data } = await mia.rest.issues.addLabels({
      ...stakeEngine,
      issue_number: issue.data.number,
      labels: ['stake-10', 'bug'],
    });
    expect(data.map((l) => l.name)).toEqual(['stake-10', 'bug']);
    const again = await mia.rest.issues.addLabels({
      ...stakeEngine,
      issue_number: issue.data.number,
      labels: ['bounty-20'],
    });
    expect(again.data.map((l) => l.name)).toEqual(['stake-10', 'bug', 'bounty-20']);
    await expect(
      rita.rest.issues.addLabels({
        ...stakeEngine,
        issue_number: issue.data.number,
        labels: ['x'],
      }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('creates and lists comments', async () => {
    const issue_number = 1;
    const before = await anonymous.rest.issues.listComments({ ...stakeEngine, issue_number });
    const { data, status } = await rita.rest.issues.createComment({
      ...stakeEngine,
      issue_number,
      body: 'Can I take this one?',
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({ body: 'Can I take this one?', user: { login: 'rita-reader' } });
    const after = await anonymous.rest.issues.listComments({ ...stakeEngine, issue_number });
    expect(after.data).toHaveLength(before.data.length + 1);
    await expect(
      rita.rest.issues.createComment({ ...stakeEngine, issue_number, body: '' }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      anonymous.rest.issues.createComment({ ...stakeEngine, issue_number, body: 'hi' }),
    ).rejects.toMatchObject({ status: 401 });
  });
});

describe('permissions', () => {
  it('reports repository permissions for the signed-in user', async () => {
    const asRita = await rita.rest.repos.get(stakeEngine);
    expect(asRita.data.permissions).toMatchObject({ admin: false, push: false, pull: true });
    const asMia = await mia.rest.repos.get(stakeEngine);
    expect(asMia.data.permissions).toMatchObject({ admin: true, push: true, pull: true });
  });

  it('reports collaborator permission levels to users with push access', async () => {
    const level = async (username: string) =>
      (await mia.rest.repos.getCollaboratorPermissionLevel({ ...stakeEngine, username })).data;
    expect(await level('mia-maintainer')).toMatchObject({
      permission: 'admin',
      role_name: 'admin',
    });
    expect(await level('rita-reader')).toMatchObject({
      permission: 'read',
      role_name: 'read',
      user: { login: 'rita-reader', permissions: { push: false, pull: true } },
    });
    expect(await level('ops-olga')).toMatchObject({ permission: 'write', role_name: 'write' });
    expect(await level('tess-tester')).toMatchObject({ permission: 'read', role_name: 'triage' });
    expect(await level('octo-dev')).toMatchObject({ permission: 'read' });
    const privateRepo = { owner: 'openstake-labs', repo: 'internal-tools' };
    const outsider = await mia.rest.repos.getCollaboratorPermissionLevel({
      ...privateRepo,
      username: 'newbie-nia',
    });
    expect(outsider.data.permission).toBe('none');
  });

  it('refuses the permission endpoint to users without push access', async () => {
    await expect(
      rita.rest.repos.getCollaboratorPermissionLevel({ ...stakeEngine, username: 'rita-reader' }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('does not let a read-only collaborator merge', async () => {
    const pull = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'Try me' });
    await expect(
      rita.rest.pulls.merge({ ...stakeEngine, pull_number: pull.number }),
    ).rejects.toMatchObject({
      status: 403,
      response: { data: { message: 'Must have push access to repository' } },
    });
    await expect(
      rita.rest.pulls.update({ ...stakeEngine, pull_number: pull.number, state: 'closed' }),
    ).rejects.toMatchObject({ status: 403 });
    const { data } = await anonymous.rest.pulls.get({ ...stakeEngine, pull_number: pull.number });
    expect(data).toMatchObject({ state: 'open', merged: false });
  });
});

describe('pull requests', () => {
  it('lists by state', async () => {
    const open = await anonymous.paginate(anonymous.rest.pulls.list, { ...stakeEngine });
    const closed = await anonymous.paginate(anonymous.rest.pulls.list, {
      ...stakeEngine,
      state: 'closed',
    });
    const all = await anonymous.paginate(anonymous.rest.pulls.list, {
      ...stakeEngine,
      state: 'all',
    });
    expect(open.every((p) => p.state === 'open')).toBe(true);
    expect(closed.every((p) => p.state === 'closed')).toBe(true);
    expect(all).toHaveLength(open.length + closed.length);
    expect(closed.some((p) => p.merged_at !== null)).toBe(true);
  });

  it('merges once, closing the issues the body fixes', async () => {
    const issue = await mia.rest.issues.create({ ...stakeEngine, title: 'Fix me' });
    const pull = await sim.openPullRequest({
      ...stakeEngine,
      author: 'octo-dev',
      title: 'Fix it',
      body: `Fixes #${issue.data.number}`,
    });
    const merge = await mia.rest.pulls.merge({ ...stakeEngine, pull_number: pull.number });
    expect(merge.data).toMatchObject({ merged: true, message: 'Pull Request successfully merged' });
    expect(merge.data.sha).toMatch(/^[0-9a-f]{40}$/);
    const { data } = await anonymous.rest.pulls.get({ ...stakeEngine, pull_number: pull.number });
    expect(data).toMatchObject({
      state: 'closed',
      merged: true,
      merged_by: { login: 'mia-maintainer' },
      merge_commit_sha: merge.data.sha,
    });
    expect(data.merged_at).not.toBeNull();
    const fixed = await anonymous.rest.issues.get({
      ...stakeEngine,
      issue_number: issue.data.number,
    });
    expect(fixed.data).toMatchObject({ state: 'closed', state_reason: 'completed' });
    await expect(
      mia.rest.pulls.merge({ ...stakeEngine, pull_number: pull.number }),
    ).rejects.toMatchObject({
      status: 405,
      response: { data: { message: 'Pull Request is not mergeable' } },
    });
  });

  it('refuses a merge when the head moved (sha mismatch)', async () => {
    const pull = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'Race' });
    await expect(
      mia.rest.pulls.merge({ ...stakeEngine, pull_number: pull.number, sha: '0'.repeat(40) }),
    ).rejects.toMatchObject({ status: 409 });
    await mia.rest.pulls.merge({ ...stakeEngine, pull_number: pull.number, sha: pull.head.sha });
  });

  it('closes (by the author) and reopens, but cannot merge a closed pull request', async () => {
    const pull = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'Oops' });
    const closed = await octo.rest.pulls.update({
      ...stakeEngine,
      pull_number: pull.number,
      state: 'closed',
    });
    expect(closed.data).toMatchObject({ state: 'closed', merged: false });
    await expect(
      mia.rest.pulls.merge({ ...stakeEngine, pull_number: pull.number }),
    ).rejects.toMatchObject({ status: 405 });
    const reopened = await mia.rest.pulls.update({
      ...stakeEngine,
      pull_number: pull.number,
      state: 'open',
    });
    expect(reopened.data.state).toBe('open');
  });

  it('lists reviews and takes new ones, but not self-approval', async () => {
    const pull = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'Review' });
    const review = await mia.rest.pulls.createReview({
      ...stakeEngine,
      pull_number: pull.number,
      event: 'REQUEST_CHANGES',
      body: 'Please add tests.',
    });
    expect(review.data).toMatchObject({
      state: 'CHANGES_REQUESTED',
      user: { login: 'mia-maintainer' },
    });
    await expect(
      octo.rest.pulls.createReview({ ...stakeEngine, pull_number: pull.number, event: 'APPROVE' }),
    ).rejects.toMatchObject({ status: 422 });
    const { data } = await anonymous.rest.pulls.listReviews({
      ...stakeEngine,
      pull_number: pull.number,
    });
    expect(data.map((r) => r.state)).toEqual(['CHANGES_REQUESTED']);
  });
});

describe('search', () => {
  // A world of its own: the tests above merge pull requests and would shift the counts.
  let fresh: GithubSim;
  let anonymous: Octokit;
  beforeAll(async () => {
    fresh = await startGithubSim();
    anonymous = octokitFor(fresh);
  });
  afterAll(() => fresh?.close());

  const count = async (q: string) =>
    (await anonymous.rest.search.issuesAndPullRequests({ q, per_page: 1 })).data.total_count;

  it('counts merged pull requests by author, and those to others’ repositories', async () => {
    expect(await count('is:pr is:merged author:octo-dev')).toBe(10);
    expect(await count('is:pr is:merged author:octo-dev -user:octo-dev')).toBe(8);
    expect(await count('type:pr is:merged author:prolific-pat -user:prolific-pat')).toBe(64);
    expect(await count('is:pr is:merged author:newbie-nia')).toBe(0);
    expect(await count('is:pr author:newbie-nia')).toBe(0);
  });

  it('paginates search results with octokit.paginate', async () => {
    const items = await anonymous.paginate(anonymous.rest.search.issuesAndPullRequests, {
      q: 'is:pr is:merged author:prolific-pat',
      per_page: 25,
    });
    expect(items).toHaveLength(64);
    expect(items.every((i) => i.pull_request?.merged_at)).toBe(true);
  });

  it('filters by quoted labels, language, state and kind', async () => {
    const { data } = await anonymous.rest.search.issuesAndPullRequests({
      q: 'is:issue is:open label:"good first issue" language:python',
      per_page: 100,
    });
    expect(data.total_count).toBeGreaterThan(0);
    for (const item of data.items) {
      expect(item.pull_request).toBeUndefined();
      expect(item.state).toBe('open');
      expect(item.labels.map((l) => l.name)).toContain('good first issue');
      const [owner = '', repo = ''] = item.repository_url.split('/').slice(-2);
      const details = await anonymous.rest.repos.get({ owner, repo });
      expect(details.data.language).toBe('Python');
    }
    const either = await count('is:open label:"good first issue","help wanted"');
    expect(either).toBeGreaterThanOrEqual(data.total_count);
  });

  it('filters by repository, organization, state and free text', async () => {
    const { data } = await anonymous.rest.search.issuesAndPullRequests({
      q: 'repo:openstake-labs/stake-engine state:closed',
      per_page: 100,
    });
    expect(data.total_count).toBeGreaterThan(0);
    expect(data.items.every((i) => i.repository_url.endsWith('/openstake-labs/stake-engine'))).toBe(
      true,
    );
    expect(data.items.every((i) => i.state === 'closed')).toBe(true);
    expect(await count('org:pixel-forge')).toBeGreaterThan(0);
    const text = await anonymous.rest.search.issuesAndPullRequests({ q: 'crash is:issue' });
    expect(text.data.items.every((i) => /crash/i.test(`${i.title} ${i.body ?? ''}`))).toBe(true);
  });

  it('rejects unknown users and an empty query with 422', async () => {
    await expect(
      anonymous.rest.search.issuesAndPullRequests({ q: 'author:no-such-user-123' }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(anonymous.rest.search.issuesAndPullRequests({ q: '' })).rejects.toMatchObject({
      status: 422,
    });
  });
});

describe('rate limits and injected failures', () => {
  it('sends x-ratelimit headers and GET /rate_limit', async () => {
    const { headers } = await octo.rest.repos.get(stakeEngine);
    expect(headers['x-ratelimit-limit']).toBe('5000');
    expect(Number(headers['x-ratelimit-remaining'])).toBeLessThan(5000);
    expect(Number(headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    const { data } = await octo.rest.rateLimit.get();
    expect(data.resources.core.limit).toBe(5000);
    expect(data.resources.search.limit).toBe(30);
  });

  it('fails the next matching request, then recovers', async () => {
    sim.failNext({ method: 'GET', pathPattern: '/repos/openstake-labs/stake-engine', status: 503 });
    await expect(anonymous.rest.repos.get(stakeEngine)).rejects.toMatchObject({ status: 503 });
    const { status } = await anonymous.rest.repos.get(stakeEngine);
    expect(status).toBe(200);
  });

  it('fails `times` requests matching a RegExp and a method', async () => {
    sim.failNext({ method: 'PUT', pathPattern: /\/pulls\/\d+\/merge$/, status: 502, times: 2 });
    const pull = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'Flaky' });
    const merge = () => mia.rest.pulls.merge({ ...stakeEngine, pull_number: pull.number });
    const read = await anonymous.rest.pulls.get({ ...stakeEngine, pull_number: pull.number });
    expect(read.status).toBe(200);
    await expect(merge()).rejects.toMatchObject({ status: 502 });
    await expect(merge()).rejects.toMatchObject({ status: 502 });
    expect((await merge()).data.merged).toBe(true);
  });

  it('simulates an exhausted rate limit as GitHub reports it', async () => {
    sim.failNext({ pathPattern: '/user', status: 403, rateLimit: true });
    const error = (await octo.rest.users.getAuthenticated().catch((e: unknown) => e)) as {
      status: number;
      response: { headers: Record<string, string>; data: { message: string } };
    };
    expect(error.status).toBe(403);
    expect(error.response.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(error.response.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    expect(error.response.data.message).toMatch(/^API rate limit exceeded for user ID \d+\.$/);
  });

  it("refuses with GitHub's 409 or 422 and the message given", async () => {
    sim.failNext({ method: 'POST', pathPattern: /\/hooks$/, status: 422, message: 'Hook exists' });
    const hook = {
      ...stakeEngine,
      config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' },
    };
    await expect(mia.rest.repos.createWebhook(hook)).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Hook exists' } },
    });
    sim.failNext({ pathPattern: '/repos/openstake-labs/stake-engine', status: 409 });
    await expect(anonymous.rest.repos.get(stakeEngine)).rejects.toMatchObject({
      status: 409,
      response: { data: { message: 'Conflict' } },
    });
  });

  it('answers 429 with retry-after for a secondary rate limit', async () => {
    sim.failNext({ pathPattern: /^\/search\//, status: 429 });
    const response = await fetch(`${sim.apiUrl}/search/issues?q=is:pr`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
  });
});

describe('conditional requests (ETags)', () => {
  it('answers 304 to a read whose If-None-Match names its ETag, without counting it', async () => {
    const olga = octokitFor(sim, 'ops-olga');
    const pull = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'ETag' });
    const first = await olga.rest.pulls.get({ ...stakeEngine, pull_number: pull.number });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[0-9a-f]{64}"$/);
    const used = (await olga.rest.rateLimit.get()).data.resources.core.used;
    const logged = sim.requests().length;

    const unchanged = await olga.rest.pulls
      .get({ ...stakeEngine, pull_number: pull.number, headers: { 'if-none-match': etag } })
      .catch(
        (e: unknown) => e as { status: number; response: { headers: Record<string, string> } },
      );
    expect(unchanged).toMatchObject({ status: 304 });
    expect(sim.requests().slice(logged)).toEqual([
      {
        method: 'GET',
        path: `/api/v3/repos/openstake-labs/stake-engine/pulls/${pull.number}`,
        status: 304,
        login: 'ops-olga',
      },
    ]);
    expect((await olga.rest.rateLimit.get()).data.resources.core.used).toBe(used);

    // Once the pull request changes, the old ETag no longer matches: the new state, counted.
    await sim.closePullRequest({ ...stakeEngine, number: pull.number, by: 'ops-olga' });
    const changed = await olga.rest.pulls.get({
      ...stakeEngine,
      pull_number: pull.number,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.data.state).toBe('closed');
    expect(changed.headers.etag).not.toBe(etag);
    expect((await olga.rest.rateLimit.get()).data.resources.core.used).toBe(used + 1);
  });

  it('sends ETags on issue reads too, and ignores an If-None-Match naming another', async () => {
    const first = await octo.rest.issues.get({ ...stakeEngine, issue_number: 4 });
    expect(first.headers.etag).toBeDefined();
    const again = await octo.rest.issues.get({
      ...stakeEngine,
      issue_number: 4,
      headers: { 'if-none-match': 'W/"something-else"' },
    });
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    await expect(
      octo.rest.issues.get({
        ...stakeEngine,
        issue_number: 4,
        headers: { 'if-none-match': `W/"other", ${String(first.headers.etag)}` },
      }),
    ).rejects.toMatchObject({ status: 304 });
  });
});
