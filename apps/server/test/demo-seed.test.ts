import { Octokit } from '@octokit/rest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { githubAccounts, repositories, users } from '../src/db/schema';
import { DEMO_MAINTAINERS, seedDemoMaintainers } from '../src/modules/demo/seed-demo-maintainers';
import { createUser } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let sim: GithubSim;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
});
afterAll(() => app.close());

const seed = () =>
  seedDemoMaintainers(app.ctx, {
    tokenFor: (login) => sim.tokenFor(login),
    webhookUrl: `${base}/api/github/webhooks`,
  });
const allRepositories = DEMO_MAINTAINERS.flatMap((m) => m.repositories);

async function hooksOn(fullName: string): Promise<string[]> {
  const [owner, repo] = fullName.split('/') as [string, string];
  const admin = DEMO_MAINTAINERS.find((m) => m.repositories.some((r) => r === fullName))!.login;
  const octokit = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor(admin) });
  const { data } = await octokit.rest.repos.listWebhooks({ owner, repo });
  return data.map((h) => h.config.url ?? '');
}

describe('the demo maintainers', () => {
  it('are maintainers linked to their GitHub accounts, who connect their repositories with webhooks', async () => {
    expect(await seed()).toEqual({ maintainers: 2, repositories: allRepositories.length });
    for (const maintainer of DEMO_MAINTAINERS) {
      const [row] = await app.ctx.db
        .select({ user: users })
        .from(githubAccounts)
        .innerJoin(users, eq(users.id, githubAccounts.userId))
        .where(eq(githubAccounts.login, maintainer.login));
      expect(row?.user).toMatchObject({ role: 'maintainer', passwordHash: null });
    }
    const connected = await app.ctx.db.select().from(repositories);
    expect(connected.map((r) => r.fullName).sort()).toEqual([...allRepositories].sort());
    expect(connected.every((r) => r.connectedAt !== null && r.language !== null)).toBe(true);
    for (const fullName of allRepositories)
      expect(await hooksOn(fullName)).toEqual([`${base}/api/github/webhooks`]);
  });

  it('are seeded again at the next start without duplicates, with one webhook per repository', async () => {
    const before = await app.ctx.db.select({ id: users.id }).from(users);
    await seed();
    expect(await app.ctx.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    for (const fullName of allRepositories)
      expect(await hooksOn(fullName)).toEqual([`${base}/api/github/webhooks`]);
  });

  const suggestionsFor = async (login: string) => {
    const account = await createUser(app, 'contributor', { githubUsername: login });
    await linkGithub(base, account, login);
    const call = (url: string) =>
      app.server.inject({ method: 'POST', url, headers: { cookie: account.cookie }, payload: {} });
    const analysis = (await call('/api/contributor/analyze-repositories')).json().data as {
      topLanguages: string[];
    };
    const issues = (await call('/api/contributor/suggested-issues')).json().data.issues as {
      repository: { fullName: string; language: string | null };
    }[];
    return { topLanguages: analysis.topLanguages, issues };
  };

  it('give a contributor issues to stake on in their languages', async () => {
    const { topLanguages, issues } = await suggestionsFor('octo-dev');
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(allRepositories).toContain(issue.repository.fullName);
      expect(topLanguages.slice(0, 3)).toContain(issue.repository.language);
    }
  });

  it('give a newcomer without repositories issues in any language', async () => {
    const { topLanguages, issues } = await suggestionsFor('newbie-nia');
    expect(topLanguages).toEqual([]);
    expect(new Set(issues.map((i) => i.repository.fullName)).size).toBeGreaterThan(1);
    for (const issue of issues) expect(allRepositories).toContain(issue.repository.fullName);
  });
});
