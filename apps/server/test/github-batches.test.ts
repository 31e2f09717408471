/**
 * Many pull requests and issues in one GraphQL request (the port's pullRequests / issueStates), through
 * the real Octokit client against the simulator's GraphQL endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubSim, type GithubSim } from '@openstake/github-sim';
import { AppError } from '../src/errors';
import { githubClients } from '../src/integrations/github/client';
import { createGithub } from '../src/integrations/github/github';
import { TEST_GITHUB_TIMING } from './helpers/test-app';
import { GITHUB_BATCH_SIZE, type Github } from '../src/integrations/github/port';

let sim: GithubSim;
let github: Github;

beforeAll(async () => {
  sim = await startGithubSim();
  github = createGithub(
    githubClients(
      { apiUrl: sim.apiUrl, webUrl: sim.webUrl, clientId: 'c', clientSecret: 's' },
      TEST_GITHUB_TIMING,
    ),
  );
});
afterAll(() => sim?.close());

const stakeEngine = { owner: 'openstake-labs', repo: 'stake-engine' };
const graphqlRequests = (since: number) =>
  sim
    .requests()
    .slice(since)
    .filter((r) => r.path === '/api/graphql');

describe('Github.pullRequests', () => {
  it('answers many pull requests in one request, with the facts the REST read gives', async () => {
    const token = sim.tokenFor('octo-dev');
    const closed = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'No' });
    await sim.closePullRequest({ ...stakeEngine, number: closed.number, by: 'mia-maintainer' });
    // Merged by someone else, merged, open, closed without merge (and no description).
    const numbers = [13, 2, 18, closed.number];
    const since = sim.requests().length;
    const answers = await github.pullRequests(
      token,
      numbers.map((number) => ({ ...stakeEngine, number })),
    );
    expect(graphqlRequests(since)).toHaveLength(1);
    expect(sim.requests().slice(since)).toHaveLength(1);
    const rest = await Promise.all(
      numbers.map((n) => github.pullRequest(token, stakeEngine.owner, stakeEngine.repo, n)),
    );
    expect(answers).toEqual(rest.map((found) => ({ found })));
    expect(answers.map((a) => ('found' in a ? a.found?.state : a))).toEqual([
      'closed',
      'closed',
      'open',
      'closed',
    ]);
    expect(rest[3]).toMatchObject({ merged: false, body: null, mergedByLogin: null });
    // GitHub's numeric ids, which the XP limits go by (a rename keeps them), from both reads.
    const raw = (await (
      await fetch(`${sim.apiUrl}/repos/openstake-labs/stake-engine/pulls/13`, {
        headers: { authorization: `token ${token}` },
      })
    ).json()) as {
      merged_by: { id: number };
      base: { repo: { id: number; owner: { id: number } } };
    };
    expect(rest[0]).toMatchObject({
      mergedById: raw.merged_by.id,
      repositoryId: raw.base.repo.id,
      repositoryOwnerId: raw.base.repo.owner.id,
    });
    expect(new Set([raw.merged_by.id, raw.base.repo.id, raw.base.repo.owner.id]).size).toBe(3);
  });

  it('answers null for what GitHub does not find, as the REST 404, and the rest as usual', async () => {
    const token = sim.tokenFor('rita-reader');
    const answers = await github.pullRequests(token, [
      { ...stakeEngine, number: 99_999 },
      { ...stakeEngine, number: 18 },
      { ...stakeEngine, number: 3 }, // an issue, not a pull request
      { owner: 'openstake-labs', repo: 'no-such-repo', number: 1 },
      { owner: 'openstake-labs', repo: 'internal-tools', number: 1 }, // private: not for rita
    ]);
    expect(answers).toEqual([
      { found: null },
      { found: expect.objectContaining({ number: 18, state: 'open', authorLogin: 'octo-dev' }) },
      { found: null },
      { found: null },
      { found: null },
    ]);
    expect(await github.pullRequest(token, 'openstake-labs', 'internal-tools', 1)).toBeNull();
  });

  it(`asks about at most ${GITHUB_BATCH_SIZE} at once, and nothing for none`, async () => {
    const token = sim.tokenFor('octo-dev');
    const since = sim.requests().length;
    expect(await github.pullRequests(token, [])).toEqual([]);
    expect(sim.requests().slice(since)).toEqual([]);
    const full = Array.from({ length: GITHUB_BATCH_SIZE }, () => ({ ...stakeEngine, number: 18 }));
    expect(await github.pullRequests(token, full)).toHaveLength(GITHUB_BATCH_SIZE);
    expect(graphqlRequests(since)).toHaveLength(1);
    await expect(
      github.pullRequests(token, [...full, { ...stakeEngine, number: 18 }]),
    ).rejects.toThrow(`at most ${GITHUB_BATCH_SIZE}`);
  });

  it('maps GitHub refusing the request like any other: rate limit, outage (after retries), token', async () => {
    const token = sim.tokenFor('octo-dev');
    const refs = [{ ...stakeEngine, number: 18 }];
    sim.failNext({ pathPattern: '/api/graphql', status: 403, rateLimit: true });
    await expect(github.pullRequests(token, refs)).rejects.toMatchObject({
      code: 'GITHUB_RATE_LIMITED',
    });
    // A query changes nothing, so it is retried like a GET: two failures, then the answer.
    sim.failNext({ pathPattern: '/api/graphql', status: 502, times: 2 });
    expect(await github.pullRequests(token, refs)).toEqual([
      { found: expect.objectContaining({ number: 18 }) },
    ]);
    sim.failNext({ pathPattern: '/api/graphql', status: 502, times: 3 });
    await expect(github.pullRequests(token, refs)).rejects.toMatchObject({
      code: 'GITHUB_UNAVAILABLE',
    });
    const refused = await github.pullRequests('gho_revoked', refs).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'GITHUB_AUTH_REQUIRED' });
  });

  it('passes owners and names as variables: a hostile name is only a name GitHub does not find', async () => {
    const token = sim.tokenFor('octo-dev');
    const answers = await github.pullRequests(token, [
      { owner: 'openstake-labs', repo: 'x", name: "y") { id } } #', number: 1 },
      { ...stakeEngine, number: 18 },
    ]);
    expect(answers).toEqual([{ found: null }, { found: expect.objectContaining({ number: 18 }) }]);
  });
});

describe('Github.issueStates', () => {
  it('answers many issues in one request: open, closed, and null for what is not an issue', async () => {
    const token = sim.tokenFor('mia-maintainer');
    const since = sim.requests().length;
    const answers = await github.issueStates(token, [
      { ...stakeEngine, number: 4 },
      { ...stakeEngine, number: 3 },
      { ...stakeEngine, number: 18 }, // a pull request
      { ...stakeEngine, number: 99_999 },
    ]);
    expect(graphqlRequests(since)).toHaveLength(1);
    expect(answers).toEqual([
      { found: { number: 4, state: 'open' } },
      { found: { number: 3, state: 'closed' } },
      { found: null },
      { found: null },
    ]);
  });
});
