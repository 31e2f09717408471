import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';
import { connectRepository } from './helpers/connect-repository';

/*
 * The slots of decision 015 under concurrency. They are counted inside the stake's transaction
 * after two advisory locks (the contributor's, then the issue's), so stakes that arrive together
 * are counted one after the other: PostgreSQL only, where requests really run at once.
 */

let app: TestApp;
let sim: GithubSim;
let base: string;
let world: ReturnType<typeof stakeWorld>;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  world = stakeWorld(app, sim);
  const mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
  // The defaults: 2 open stakes per contributor, 3 newcomers per issue.
  await connectRepository(app, base, mia, REPO, { policy: 'defaults' });
});
afterAll(() => app.close());

async function linked(login: string): Promise<Account> {
  const account = await createUser(app, 'contributor', { githubUsername: login });
  await linkGithub(base, account, login);
  return account;
}

const stake = (who: Account, issueId: number, prUrl: string, amount: number) =>
  app.server.inject({
    method: 'POST',
    url: '/api/contributor/stakes',
    headers: { cookie: who.cookie },
    payload: { issueId, prUrl, amount },
  });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('slots taken at once', () => {
  it('five newcomers staking on one issue together: exactly three get in', async () => {
    const logins = ['sam-rustacean', 'lena-pythonista', 'gopher-gus', 'java-jane', 'kai-kotlin'];
    const people = [];
    for (const login of logins) people.push({ login, account: await linked(login) });
    const issue = await world.createIssue({ title: 'Everyone at once' });
    const prs: { url: string }[] = [];
    for (const { login } of people) prs.push(await world.openPullRequest(login, issue.number));
    const results = await Promise.all(
      people.map(({ account }, i) => stake(account, issue.githubId, prs[i]!.url, 5)),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 201: 3, 409: 2 });
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toMatch(/^3 newcomers already staked on this issue/);
    }
  });

  it('one contributor staking on four issues together: exactly two, the repository limit', async () => {
    const octo = await linked('octo-dev');
    const targets = [];
    for (let i = 0; i < 4; i++) {
      const issue = await world.createIssue({ title: `Spread ${String(i)}` });
      targets.push({ issue, pr: await world.openPullRequest('octo-dev', issue.number) });
    }
    const results = await Promise.all(
      targets.map(({ issue, pr }) => stake(octo, issue.githubId, pr.url, 5)),
    );
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 201: 2, 409: 2 });
  });
});
