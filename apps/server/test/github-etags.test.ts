/**
 * Conditional requests: the single pull request and issue reads send the ETag of the answer kept
 * from the last read by the same token, and GitHub's 304 Not Modified (no rate limit used) gives
 * that answer again. Through the real Octokit client against the simulator.
 */
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubSim, type GithubSim } from '@openstake/github-sim';
import { githubClients } from '../src/integrations/github/client';
import { createGithub } from '../src/integrations/github/github';
import { TEST_GITHUB_TIMING } from './helpers/test-app';
import type { Github } from '../src/integrations/github/port';

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

/** The REST requests answered since `since`, as status and path. */
const answered = (since: number) =>
  sim
    .requests()
    .slice(since)
    .map((r) => `${r.status} ${r.path.replace('/api/v3/repos/openstake-labs/stake-engine', '')}`);

const coreUsed = async (token: string) =>
  (await new Octokit({ baseUrl: sim.apiUrl, auth: token }).rest.rateLimit.get()).data.resources.core
    .used;

describe('conditional reads', () => {
  it('reads an unchanged pull request again as a 304, which gives the kept answer and uses no rate limit', async () => {
    const token = sim.tokenFor('ops-olga');
    const pull = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'Kept' });
    const read = () => github.pullRequest(token, stakeEngine.owner, stakeEngine.repo, pull.number);

    const since = sim.requests().length;
    const first = await read();
    const used = await coreUsed(token);
    const second = await read();
    expect(await coreUsed(token)).toBe(used);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ number: pull.number, state: 'open', merged: false });
    expect(answered(since)).toEqual([
      `200 /pulls/${pull.number}`,
      '200 /api/v3/rate_limit',
      `304 /pulls/${pull.number}`,
      '200 /api/v3/rate_limit',
    ]);

    // Changed on GitHub: the ETag no longer matches, and the new state is read (and kept).
    await sim.mergePullRequest({ ...stakeEngine, number: pull.number, by: 'mia-maintainer' });
    const before = sim.requests().length;
    expect(await read()).toMatchObject({
      state: 'closed',
      merged: true,
      mergedByLogin: 'mia-maintainer',
    });
    expect(await read()).toMatchObject({ state: 'closed', merged: true });
    expect(answered(before)).toEqual([`200 /pulls/${pull.number}`, `304 /pulls/${pull.number}`]);
  });

  it("keeps each token's answers apart: another user's first read is a full one", async () => {
    const pull = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'Apart' });
    const readAs = (login: string) =>
      github.pullRequest(sim.tokenFor(login), stakeEngine.owner, stakeEngine.repo, pull.number);
    const since = sim.requests().length;
    await readAs('ops-olga');
    await readAs('octo-dev');
    expect(answered(since)).toEqual([`200 /pulls/${pull.number}`, `200 /pulls/${pull.number}`]);
  });

  it('reads issues the same way, and a missing one is still null', async () => {
    const token = sim.tokenFor('rita-reader');
    const since = sim.requests().length;
    const first = await github.issue(token, stakeEngine.owner, stakeEngine.repo, 4);
    const second = await github.issue(token, stakeEngine.owner, stakeEngine.repo, 4);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ number: 4, state: 'open' });
    expect(await github.issue(token, stakeEngine.owner, stakeEngine.repo, 99_999)).toBeNull();
    expect(answered(since)).toEqual(['200 /issues/4', '304 /issues/4', '404 /issues/99999']);
  });
});
