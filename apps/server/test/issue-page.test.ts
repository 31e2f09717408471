import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';
import { connectRepository } from './helpers/connect-repository';

let app: TestApp;
let sim: GithubSim;
let base: string;
let world: ReturnType<typeof stakeWorld>;
let octo: Account;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  world = stakeWorld(app, sim);
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  const mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, octo, 'octo-dev');
  await linkGithub(base, mia, 'mia-maintainer');
  await connectRepository(app, base, mia, REPO);
});
afterAll(() => app.close());

const issueDetails = (issueId: number, who: Account = octo) =>
  app.server.inject({
    method: 'POST',
    url: `/api/contributor/issue-details/${issueId}`,
    headers: { cookie: who.cookie },
    payload: {},
  });
const myStake = async (issueId: number, who: Account = octo) => {
  const res = await issueDetails(issueId, who);
  expect(res.statusCode).toBe(200);
  return res.json().data.issue.myStake;
};
const stake = (body: object) =>
  app.server.inject({
    method: 'POST',
    url: '/api/contributor/stakes',
    headers: { cookie: octo.cookie },
    payload: body,
  });

describe("the issue page shows the viewer's own stake", () => {
  it('none, then pending with its pull request, then what it came to; a new stake is the latest', async () => {
    const issue = await world.createIssue();
    expect(await myStake(issue.githubId)).toBeNull();

    const pr = await world.openPullRequest('octo-dev', issue.number);
    const created = await stake({ issueId: issue.githubId, prUrl: pr.url, amount: 5 });
    expect(created.statusCode).toBe(201);
    expect(await myStake(issue.githubId)).toEqual({
      _id: created.json().data._id,
      status: 'pending',
      amount: 5,
      prUrl: pr.url,
      createdAt: expect.any(String),
      settledAt: null,
      coinsEarned: 0,
      xpEarned: 0,
      coinsLost: 0,
      bountyEarned: 0,
      xpUncounted: 0,
      xpLimitReason: null,
    });

    // Another contributor sees the issue without anyone else's stake.
    const other = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
    await linkGithub(base, other, 'newbie-nia');
    expect(await myStake(issue.githubId, other)).toBeNull();

    // Closed without a review: refunded, and the page says so.
    await sim.closePullRequest({ ...REPO, number: pr.number, by: 'mia-maintainer' });
    expect(await myStake(issue.githubId)).toMatchObject({
      _id: created.json().data._id,
      status: 'expired',
      settledAt: expect.any(String),
      coinsLost: 0,
    });

    // Staking again with a new pull request: the page shows that one.
    const again = await world.openPullRequest('octo-dev', issue.number);
    const second = await stake({ issueId: issue.githubId, prUrl: again.url, amount: 5 });
    expect(second.statusCode).toBe(201);
    expect(await myStake(issue.githubId)).toMatchObject({
      _id: second.json().data._id,
      status: 'pending',
      prUrl: again.url,
    });

    // Merged: what it earned.
    await sim.mergePullRequest({ ...REPO, number: again.number, by: 'mia-maintainer' });
    expect(await myStake(issue.githubId)).toMatchObject({
      status: 'accepted',
      coinsEarned: 2 * issue.xpReward,
      xpEarned: issue.xpReward,
    });
  });
});

describe('an issue by repository and number', () => {
  const byRef = (path: string, headers: Record<string, string> = { cookie: octo.cookie }) =>
    app.server.inject({ url: `/api/contributor/repos/${path}`, headers });
  const NOT_FOUND = "The issue you're looking for doesn't exist.";

  it('finds an issue OpenStake never tracked on GitHub, tracks it, and opens by its id afterwards', async () => {
    const maintainer = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    const { data: created } = await maintainer.rest.issues.create({
      ...REPO,
      title: 'Document the stake lifecycle',
      body: 'Steps:\n\n- [ ] write',
      labels: ['intermediate'],
    });
    // Unknown by its id until someone follows a link to it.
    expect((await issueDetails(created.id)).statusCode).toBe(404);

    const res = await byRef(`${REPO.owner}/${REPO.repo}/issues/${created.number}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      issue: expect.objectContaining({
        id: created.id,
        number: created.number,
        title: 'Document the stake lifecycle',
        difficulty: 'intermediate',
        stakingRequired: 10,
        // The connected repository's deduction, which a stake placed now would risk.
        deductionPercent: 10,
        state: 'open',
        htmlUrl: created.html_url,
        repository: expect.objectContaining({ fullName: REPO_FULL_NAME }),
        myStake: null,
      }),
      bounty: { stakingRequired: 10 },
    });

    const details = await issueDetails(created.id);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.issue).toMatchObject({ id: created.id, number: created.number });

    // The repository's name in any case finds the same issue.
    const upper = await byRef(`${REPO.owner.toUpperCase()}/${REPO.repo}/issues/${created.number}`);
    expect(upper.json().data.issue.id).toBe(created.id);
  });

  it("answers 404 with the product's text for a missing issue, a pull request, or a missing repository", async () => {
    const pr = await world.openPullRequest('octo-dev', 1);
    for (const path of [
      `${REPO.owner}/${REPO.repo}/issues/999999`,
      `${REPO.owner}/${REPO.repo}/issues/${pr.number}`,
      `${REPO.owner}/no-such-repository/issues/1`,
    ]) {
      const res = await byRef(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe(NOT_FOUND);
    }
  });

  it('refuses a malformed reference, other roles, visitors, and contributors without GitHub', async () => {
    expect((await byRef(`${REPO.owner}/${REPO.repo}/issues/0`)).statusCode).toBe(400);
    expect((await byRef(`${REPO.owner}/${REPO.repo}/issues/abc`)).statusCode).toBe(400);
    expect((await byRef(`bad%20owner/${REPO.repo}/issues/1`)).statusCode).toBe(400);

    const path = `${REPO.owner}/${REPO.repo}/issues/1`;
    expect((await byRef(path, {})).statusCode).toBe(401);
    const maintainer = await createUser(app, 'maintainer');
    expect((await byRef(path, { cookie: maintainer.cookie })).statusCode).toBe(403);
    const unlinked = await createUser(app, 'contributor');
    const refused = await byRef(path, { cookie: unlinked.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('GitHub authentication required');
  });
});
