import { request } from 'node:http';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { bountyIssues, repositories } from '../src/db/schema';
import { getBalance, walletOf } from '../src/modules/ledger/accounts';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let sim: GithubSim;
let base: string;
let mia: Account; // admin of every openstake-labs repository
let rita: Account; // no organization: cannot see openstake-labs/internal-tools (private)

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  rita = await createUser(app, 'maintainer', { githubUsername: 'rita-reader' });
  await linkGithub(base, mia, 'mia-maintainer');
  await linkGithub(base, rita, 'rita-reader');
});
afterAll(() => app.close());

const get = (who: Account, url: string) =>
  app.server.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

describe("GitHub's refusals reach the user as 4xx with a clear message, never 500", () => {
  it('a repository GitHub does not have: 404', async () => {
    for (const list of ['issues', 'pulls']) {
      const res = await get(mia, `/api/maintainer/repos/openstake-labs/no-such-repo/${list}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message:
          'Not found on GitHub: repository openstake-labs/no-such-repo does not exist, or your GitHub account cannot see it',
      });
    }
  });

  it("a name of '.' or '..' never reaches GitHub as a path segment: 400", async () => {
    // Sent raw over the socket, as a client that does not resolve dot segments would (inject and
    // fetch resolve them first); the router decodes each parameter on its own.
    const { port } = new URL(base);
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path, headers: { cookie: mia.cookie } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    for (const path of [
      '/api/maintainer/repos/openstake-labs/../pulls',
      '/api/maintainer/repos/openstake-labs/%2e%2e/pulls',
      '/api/maintainer/repos/../../issues',
      '/api/maintainer/organizations/../repositories',
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
  });

  it('a private repository the user cannot see: 404, as GitHub answers it', async () => {
    const url = '/api/maintainer/repos/openstake-labs/internal-tools/pulls';
    expect((await get(mia, url)).statusCode).toBe(200);
    const hidden = await get(rita, url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(
      'Not found on GitHub: repository openstake-labs/internal-tools does not exist, or your GitHub account cannot see it',
    );
  });

  it('callers that read a 404 as "absent" still give their own answer', async () => {
    const pull = await get(mia, '/api/maintainer/repos/openstake-labs/stake-engine/pulls/99999');
    expect(pull.statusCode).toBe(404);
    expect(pull.json().message).toBe(
      'Pull request #99999 was not found in openstake-labs/stake-engine',
    );
    const connect = await app.server.inject({
      method: 'POST',
      url: '/api/maintainer/repositories',
      headers: { cookie: mia.cookie, host: new URL(base).host },
      payload: { owner: 'openstake-labs', repo: 'no-such-repo' },
    });
    expect(connect.statusCode).toBe(404);
    expect(connect.json().message).toBe(
      'Repository openstake-labs/no-such-repo was not found on GitHub',
    );
  });

  it("GitHub's 403 (not a rate limit): 403 with GitHub's reason", async () => {
    // The pull requests are read through GraphQL (the queue, with their checks).
    sim.failNext({
      method: 'POST',
      pathPattern: /\/graphql$/,
      status: 403,
      message: 'Resource not accessible by integration',
    });
    const res = await get(mia, '/api/maintainer/repos/openstake-labs/stake-engine/pulls');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'GitHub refused this request: Resource not accessible by integration',
    });
  });

  it("GitHub's 422 and 409: 400 and 409 with GitHub's reason", async () => {
    const url = '/api/maintainer/repos/openstake-labs/stake-engine/issues';
    sim.failNext({ method: 'GET', pathPattern: /\/issues$/, status: 422, message: 'Bad state' });
    const invalid = await get(mia, url);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'GitHub refused this request: Bad state',
    });
    sim.failNext({ method: 'GET', pathPattern: /\/issues$/, status: 409 });
    const conflict = await get(mia, url);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'GitHub refused this request: Conflict',
    });
  });

  it("a webhook GitHub already has: 400 with GitHub's validation details, nothing connected", async () => {
    const target = { owner: 'openstake-labs', repo: 'docs' };
    const url = `${base}/api/github/webhooks`;
    await new Octokit({
      baseUrl: sim.apiUrl,
      auth: sim.tokenFor('mia-maintainer'),
    }).rest.repos.createWebhook({ ...target, config: { url, content_type: 'json' } });
    await sim.idle();
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/maintainer/repositories',
      headers: { cookie: mia.cookie, host: new URL(base).host },
      payload: target,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'GitHub refused this request: Validation Failed (Hook already exists on this repository)',
    );
    const rows = await app.ctx.db.select().from(repositories);
    expect(rows.filter((r) => r.connectedAt !== null)).toEqual([]);
  });

  it("a bounty issue with an assignee GitHub refuses: 400 with GitHub's reason, nothing kept", async () => {
    const target = { owner: 'openstake-labs', repo: 'stake-engine' };
    const onGithub = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    const issuesOnGithub = async () =>
      (await onGithub.rest.issues.listForRepo({ ...target, state: 'all', per_page: 100 })).data
        .length;
    const coins = () => getBalance(app.ctx.db, walletOf(mia.user.id));
    const [issuesBefore, coinsBefore] = [await issuesOnGithub(), await coins()];
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/maintainer/bounty-issues',
      headers: { cookie: mia.cookie },
      payload: {
        ...target,
        title: 'Assigned to someone GitHub does not know',
        body: '',
        labels: [],
        assignees: ['no-such-person'],
        milestone: null,
        stakeAmount: 10,
        bountyAmount: 20,
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'GitHub refused this request: Validation Failed (assignees invalid: no-such-person)',
    });
    expect(await issuesOnGithub()).toBe(issuesBefore);
    expect(await coins()).toBe(coinsBefore);
    expect(await app.ctx.db.select().from(bountyIssues)).toEqual([]);
  });
});
