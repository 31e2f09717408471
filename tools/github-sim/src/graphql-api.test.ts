/** The GraphQL API through the real Octokit client's `graphql`, over real HTTP. */
import type { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { octokitFor } from '../test/helpers';
import { startGithubSim, type GithubSim } from './index';

let sim: GithubSim;
let octo: Octokit;

beforeAll(async () => {
  sim = await startGithubSim();
  octo = octokitFor(sim, 'octo-dev');
});

afterAll(() => sim?.close());

const stakeEngine = { owner: 'openstake-labs', repo: 'stake-engine' };

const PULL_REQUEST_FIELDS = `
  fragment Facts on PullRequest {
    number state merged mergedAt mergedBy { login } author { login } body
    baseRepository { stargazerCount forkCount createdAt }
  }`;

/** What Octokit's `graphql` throws when GitHub answers `errors`: both halves of the answer. */
async function answerWithErrors(request: Promise<unknown>) {
  const error = await request.then(
    () => expect.fail('GitHub answered without errors'),
    (e: unknown) => e as { name: string; data: unknown; errors: unknown[] },
  );
  expect(error.name).toBe('GraphqlResponseError');
  return { data: error.data, errors: error.errors };
}

describe('POST /api/graphql', () => {
  it('answers many pull requests and issues in one request, with the facts REST gives', async () => {
    const merged = await octo.rest.pulls.get({ ...stakeEngine, pull_number: 13 });
    const data = await octo.graphql<Record<string, unknown>>(
      `query ($owner: String!, $name: String!, $merged: Int!, $open: Int!, $issue: Int!) {
        a: repository(owner: $owner, name: $name) { pullRequest(number: $merged) { ...Facts } }
        b: repository(owner: $owner, name: $name) { pullRequest(number: $open) { ...Facts } }
        c: repository(owner: $owner, name: $name) {
          issue(number: $issue) { number state stateReason author { login } }
        }
        viewer { login }
      }
      ${PULL_REQUEST_FIELDS}`,
      { owner: stakeEngine.owner, name: stakeEngine.repo, merged: 13, open: 18, issue: 3 },
    );
    expect(data).toEqual({
      a: {
        pullRequest: {
          number: 13,
          state: 'MERGED',
          merged: true,
          mergedAt: merged.data.merged_at,
          mergedBy: { login: 'mia-maintainer' },
          author: { login: 'octo-dev' },
          body: merged.data.body,
          baseRepository: {
            stargazerCount: merged.data.base.repo.stargazers_count,
            forkCount: merged.data.base.repo.forks_count,
            createdAt: merged.data.base.repo.created_at,
          },
        },
      },
      b: {
        pullRequest: {
          number: 18,
          state: 'OPEN',
          merged: false,
          mergedAt: null,
          mergedBy: null,
          author: { login: 'octo-dev' },
          body: expect.stringContaining('Fixes #17'),
          baseRepository: expect.objectContaining({ stargazerCount: expect.any(Number) }),
        },
      },
      c: {
        issue: {
          number: 3,
          state: 'CLOSED',
          stateReason: 'NOT_PLANNED',
          author: expect.anything(),
        },
      },
      viewer: { login: 'octo-dev' },
    });
  });

  it('follows changes made on GitHub: a pull request closed without a merge is CLOSED', async () => {
    const pull = await sim.openPullRequest({ ...stakeEngine, author: 'octo-dev', title: 'Try' });
    await sim.closePullRequest({ ...stakeEngine, number: pull.number, by: 'mia-maintainer' });
    const data = await octo.graphql<{ repository: { pullRequest: object } }>(
      `query ($n: Int!) { repository(owner: "openstake-labs", name: "stake-engine") {
        pullRequest(number: $n) { state merged body } } }`,
      { n: pull.number },
    );
    // GitHub's schema types the body as String!: no description is ''.
    expect(data.repository.pullRequest).toEqual({ state: 'CLOSED', merged: false, body: '' });
  });

  it('answers what does not exist as null beside NOT_FOUND errors, as GitHub does', async () => {
    const { data, errors } = await answerWithErrors(
      octo.graphql(
        `query ($missing: Int!, $issue: Int!, $pull: Int!) {
          found: repository(owner: "openstake-labs", name: "stake-engine") {
            pullRequest(number: 18) { number }
          }
          noPull: repository(owner: "openstake-labs", name: "stake-engine") {
            pullRequest(number: $missing) { number }
          }
          issueAsPull: repository(owner: "openstake-labs", name: "stake-engine") {
            pullRequest(number: $issue) { number }
          }
          pullAsIssue: repository(owner: "openstake-labs", name: "stake-engine") {
            issue(number: $pull) { number }
          }
          noRepo: repository(owner: "openstake-labs", name: "no-such-repo") { name }
          hidden: repository(owner: "mia-maintainer", name: "mia-notes") { name }
        }`,
        { missing: 99_999, issue: 3, pull: 18 },
      ),
    );
    expect(data).toEqual({
      found: { pullRequest: { number: 18 } },
      noPull: { pullRequest: null },
      issueAsPull: { pullRequest: null },
      pullAsIssue: { issue: null },
      noRepo: null,
      hidden: null,
    });
    expect(errors).toEqual([
      {
        type: 'NOT_FOUND',
        path: ['noPull', 'pullRequest'],
        locations: [expect.objectContaining({ line: expect.any(Number) })],
        message: 'Could not resolve to a PullRequest with the number of 99999.',
      },
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['issueAsPull', 'pullRequest'],
        message: 'Could not resolve to a PullRequest with the number of 3.',
      }),
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['pullAsIssue', 'issue'],
        message: 'Could not resolve to an Issue with the number of 18.',
      }),
      expect.objectContaining({
        type: 'NOT_FOUND',
        path: ['noRepo'],
        message: "Could not resolve to a Repository with the name 'openstake-labs/no-such-repo'.",
      }),
      // A private repository the viewer may not read does not exist for them.
      expect.objectContaining({ type: 'NOT_FOUND', path: ['hidden'] }),
    ]);
    const mia = octokitFor(sim, 'mia-maintainer');
    await expect(
      mia.graphql(`{ repository(owner: "mia-maintainer", name: "mia-notes") { isPrivate } }`),
    ).resolves.toEqual({ repository: { isPrivate: true } });
  });

  it('validates the query against GitHub own schema and runs nothing that fails it', async () => {
    const { data, errors } = await answerWithErrors(
      octo.graphql(
        `{ repository(owner: "o", name: "r") { pullRequest(number: 1) { mergedByLogin } } }`,
      ),
    );
    expect(data).toBeUndefined();
    expect(errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(
          'Cannot query field "mergedByLogin" on type "PullRequest"',
        ),
      }),
    ]);
    // A variable of the wrong type is refused before anything runs, as on GitHub.
    const wrongType = await answerWithErrors(
      octo.graphql(
        `query ($n: String!) { repository(owner: "o", name: "r") { pullRequest(number: $n) { number } } }`,
        { n: '1' },
      ),
    );
    expect(wrongType.data).toBeUndefined();
    expect(wrongType.errors).toHaveLength(1);
  });

  it('says so for a field of GitHub schema the simulator does not simulate', async () => {
    const { data, errors } = await answerWithErrors(
      octo.graphql(
        `{ repository(owner: "openstake-labs", name: "stake-engine") { watchers { totalCount } } }`,
      ),
    );
    expect(data).toEqual({ repository: null });
    expect(errors).toEqual([
      expect.objectContaining({
        path: ['repository', 'watchers'],
        message: 'Repository.watchers is not simulated',
      }),
    ]);
  });

  it('needs a valid token, as GitHub GraphQL API does', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${sim.origin}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: '{ viewer { login } }' }),
      });
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      message: 'This endpoint requires you to be authenticated.',
    });
    const unknown = await post({ authorization: 'bearer gho_unknown' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ message: 'Bad credentials' });
    const bearer = await post({ authorization: `bearer ${sim.tokenFor('rita-reader')}` });
    expect(bearer.status).toBe(200);
    expect(await bearer.json()).toEqual({ data: { viewer: { login: 'rita-reader' } } });
  });

  it('answers a body without a query with an error, not a crash', async () => {
    const response = await fetch(`${sim.origin}/api/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `bearer ${sim.tokenFor('octo-dev')}`,
      },
      body: JSON.stringify({ variables: {} }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      errors: [{ message: 'A query attribute must be specified and must be a string.' }],
    });
  });

  it('counts each request once, in the log and in the graphql rate limit', async () => {
    const gus = octokitFor(sim, 'gopher-gus');
    const before = await gus.rest.rateLimit.get();
    const logged = sim.requests().length;
    // Where Octokit's `graphql` sends a GitHub Enterprise `baseUrl`: /api/graphql.
    const { headers } = await gus.request(`POST ${sim.origin}/api/graphql`, {
      query: '{ a: viewer { login } b: viewer { login } }',
    });
    expect(headers['x-ratelimit-resource']).toBe('graphql');
    const after = await gus.rest.rateLimit.get();
    expect(after.data.resources.graphql?.used).toBe((before.data.resources.graphql?.used ?? 0) + 1);
    expect(after.data.resources.core.used).toBe(before.data.resources.core.used);
    expect(sim.requests().slice(logged)).toEqual([
      { method: 'POST', path: '/api/graphql', status: 200, login: 'gopher-gus' },
      { method: 'GET', path: '/api/v3/rate_limit', status: 200, login: 'gopher-gus' },
    ]);
  });
});

describe('Repository.pullRequests and Commit.statusCheckRollup', () => {
  const QUEUE = `query ($owner: String!, $name: String!, $after: String) {
    repository(owner: $owner, name: $name) {
      pullRequests(states: [OPEN], first: 2, after: $after, orderBy: { field: CREATED_AT, direction: ASC }) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { number state commits(last: 1) { nodes { commit { oid statusCheckRollup { state } } } } }
      }
    }
  }`;
  type Page = {
    repository: {
      pullRequests: {
        totalCount: number;
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: {
          number: number;
          state: string;
          commits: {
            nodes: { commit: { oid: string; statusCheckRollup: { state: string } | null } }[];
          };
        }[];
      };
    };
  };
  const vars = { owner: stakeEngine.owner, name: stakeEngine.repo };

  it('pages the open pull requests by cursor, oldest first, with the rollup of their head commit', async () => {
    const maintainer = octokitFor(sim, 'mia-maintainer');
    const { data: open } = await maintainer.rest.pulls.list({
      ...stakeEngine,
      state: 'open',
      per_page: 100,
      sort: 'created',
      direction: 'asc',
    });
    const [first, second] = open;
    await maintainer.rest.repos.createCommitStatus({
      ...stakeEngine,
      sha: first!.head.sha,
      state: 'success',
      context: 'ci',
    });
    await maintainer.rest.repos.createCommitStatus({
      ...stakeEngine,
      sha: second!.head.sha,
      state: 'pending',
      context: 'ci',
    });

    const seen: number[] = [];
    let after: string | null = null;
    let page: Page;
    do {
      page = await octo.graphql<Page>(QUEUE, { ...vars, after });
      const { nodes, pageInfo, totalCount } = page.repository.pullRequests;
      expect(totalCount).toBe(open.length);
      expect(nodes.every((n) => n.state === 'OPEN')).toBe(true);
      seen.push(...nodes.map((n) => n.number));
      if (seen.length === 2) {
        expect(nodes.map((n) => n.commits.nodes[0]!.commit)).toEqual([
          { oid: first!.head.sha, statusCheckRollup: { state: 'SUCCESS' } },
          { oid: second!.head.sha, statusCheckRollup: { state: 'PENDING' } },
        ]);
      }
      after = pageInfo.endCursor;
    } while (page.repository.pullRequests.pageInfo.hasNextPage);
    expect(seen).toEqual(open.map((p) => p.number));

    // A failed status makes the rollup FAILURE; a head commit with none has no rollup.
    await maintainer.rest.repos.createCommitStatus({
      ...stakeEngine,
      sha: first!.head.sha,
      state: 'failure',
      context: 'lint',
    });
    const again = await octo.graphql<Page>(QUEUE, { ...vars, after: null });
    const rollups = again.repository.pullRequests.nodes.map(
      (n) => n.commits.nodes[0]!.commit.statusCheckRollup,
    );
    expect(rollups[0]).toEqual({ state: 'FAILURE' });
    expect(open.length).toBeGreaterThan(2);
    const third = await octo.graphql<Page>(QUEUE, {
      ...vars,
      after: again.repository.pullRequests.pageInfo.endCursor,
    });
    expect(
      third.repository.pullRequests.nodes[0]!.commits.nodes[0]!.commit.statusCheckRollup,
    ).toBeNull();
  });
});
