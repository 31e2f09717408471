import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import { Octokit } from '@octokit/rest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { buildTestApp, type TestApp } from './helpers/test-app';
import { connectRepository } from './helpers/connect-repository';

let app: TestApp;
let sim: GithubSim;
let base: string;
let octo: Account;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  const jar = new Browserish(octo.cookie);
  const start = await jar.fetch(`${base}/api/github/connect`);
  await jar.fetch(await approveOnSim(start.headers.get('location')!, 'octo-dev', 'approve'));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Account = octo, payload?: object) =>
  app.server.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });

describe('contributor API', () => {
  it('the dashboard profile reads GitHub and the server records, GitHub once linked', async () => {
    const res = await call('POST', '/api/contributor/profile', octo, { accessToken: 'ignored' });
    expect(res.statusCode).toBe(200);
    const { profile, stats } = res.json().data;
    const github = (
      await new Octokit({ baseUrl: sim.apiUrl }).rest.users.getByUsername({ username: 'octo-dev' })
    ).data;
    expect(res.json().data.github).toBe('linked');
    expect(profile).toEqual({
      avatar_url: github.avatar_url,
      login: 'octo-dev',
      name: github.name,
      public_repos: github.public_repos,
    });
    expect(stats).toEqual({
      coins: 100,
      xp: 80,
      rank: 'Code Novice',
      nextRankXP: 100,
      activeBounties: 0,
    });

    // Before GitHub is linked: the coins, XP and rank are there all the same.
    const unlinked = await createUser(app, 'contributor');
    const early = await call('POST', '/api/contributor/profile', unlinked);
    expect(early.statusCode).toBe(200);
    expect(early.json().data).toEqual({
      github: 'not_linked',
      profile: { avatar_url: null, login: null, name: null, public_repos: null },
      stats: { coins: 100, xp: 0, rank: 'Code Novice', nextRankXP: 100, activeBounties: 0 },
    });
  });

  it('still shows coins, XP and rank when GitHub does not answer for the linked account', async () => {
    sim.failNext({ method: 'GET', pathPattern: '/users/octo-dev', status: 403 });
    const res = await call('POST', '/api/contributor/profile', octo);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      github: 'unavailable',
      profile: { avatar_url: null, login: 'octo-dev', public_repos: null },
      stats: { coins: 100, xp: 80, rank: 'Code Novice' },
    });
  });

  it('analyzes repositories into real language shares, then suggests matching issues', async () => {
    expect((await call('POST', '/api/contributor/suggested-issues')).json().data.issues).toEqual(
      [],
    );
    expect((await call('GET', '/api/contributor/analysis')).json().data).toBeNull();

    const res = await call('POST', '/api/contributor/analyze-repositories');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Repository analysis completed!');
    const analysis = res.json().data;
    const octokit = new Octokit({ baseUrl: sim.apiUrl });
    const repos = (
      await octokit.rest.repos.listForUser({ username: 'octo-dev', type: 'owner' })
    ).data.filter((r) => !r.private);
    expect(analysis.repositories.map((r: { fullName: string }) => r.fullName).sort()).toEqual(
      repos.map((r) => r.full_name).sort(),
    );
    const bytes: Record<string, number> = {};
    for (const r of repos) {
      for (const [lang, n] of Object.entries(
        (await octokit.rest.repos.listLanguages({ owner: 'octo-dev', repo: r.name })).data,
      ))
        bytes[lang] = (bytes[lang] ?? 0) + n;
    }
    const byBytes = Object.entries(bytes)
      .sort((a, b) => b[1] - a[1])
      .map(([name]) => name);
    expect(analysis.topLanguages).toEqual(byBytes);
    expect(
      analysis.languages.reduce((sum: number, l: { percentage: number }) => sum + l.percentage, 0),
    ).toBe(100);
    expect((await call('GET', '/api/contributor/analysis')).json().data).toEqual(analysis);

    // Suggestions come only from repositories a maintainer connected (octo-dev writes
    // TypeScript; stake-engine is TypeScript, and octo-dev may not push to it).
    expect((await call('POST', '/api/contributor/suggested-issues')).json().data.issues).toEqual(
      [],
    );
    const mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
    await linkGithub(base, mia, 'mia-maintainer');
    await connectRepository(app, base, mia, { owner: 'openstake-labs', repo: 'stake-engine' });
    const suggested = (await call('POST', '/api/contributor/suggested-issues')).json().data.issues;
    expect(suggested.length).toBeGreaterThan(0);
    for (const issue of suggested) {
      expect(issue.repository.fullName).toBe('openstake-labs/stake-engine');
      expect(['beginner', 'intermediate', 'advanced']).toContain(issue.difficulty);
      expect(issue.stakingRequired).toBe(
        { beginner: 5, intermediate: 10, advanced: 20 }[issue.difficulty as string],
      );
      expect(issue.xpReward).toBe(
        { beginner: 25, intermediate: 50, advanced: 100 }[issue.difficulty as string],
      );
      expect(issue.bounty).toBe(0);
    }

    const first = suggested[0];
    const details = await call('POST', `/api/contributor/issue-details/${first.id}`, octo, {
      userId: 'ignored',
      githubUsername: 'ignored',
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().data.issue).toMatchObject({
      id: first.id,
      number: first.number,
      title: first.title,
      state: 'open',
    });
    expect(details.json().data.bounty).toEqual({ stakingRequired: first.stakingRequired });
  });

  it('suggesting again refreshes what GitHub says of each suggested issue and keeps the stake and XP OpenStake set', async () => {
    type Suggested = { id: number; title: string; stakingRequired: number; xpReward: number };
    const suggest = async () =>
      (await call('POST', '/api/contributor/suggested-issues')).json<{
        data: { issues: Suggested[] };
      }>().data.issues;
    const before = await suggest();
    expect(before.length).toBeGreaterThan(1);
    // What OpenStake remembers went stale (the titles changed on GitHub since) and its amounts
    // are its own: a refresh takes GitHub's side of each issue and leaves the amounts alone.
    const ids = sql.join(
      before.map((issue) => sql`${issue.id}`),
      sql`, `,
    );
    await app.ctx.db.execute(
      sql`update tracked_issues set title = 'stale', staking_required = 7, xp_reward = 3 where github_id in (${ids})`,
    );
    expect((await suggest()).map((i) => [i.id, i.title, i.stakingRequired, i.xpReward])).toEqual(
      before.map((i) => [i.id, i.title, 7, 3]),
    );
  });

  it("an unknown issue is a 404 with the product's text, a malformed id a 400", async () => {
    const unknown = await call('POST', '/api/contributor/issue-details/123456789');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("The issue you're looking for doesn't exist.");
    expect((await call('POST', '/api/contributor/issue-details/abc')).statusCode).toBe(400);
  });

  it('profiles: the owner edits name and bio (500 at most) and sees the email; others see no email and cannot edit', async () => {
    const url = `/api/contributor/profile/${octo.user.id}`;
    const saved = await call('PUT', url, octo, {
      profile: { name: 'Octo Dev', bio: 'I fix things.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.profile).toMatchObject({
      name: 'Octo Dev',
      bio: 'I fix things.',
      email: octo.email,
      xp: 80,
      rank: 'Code Novice',
      coins: 100,
    });
    expect(saved.json().data.profile.xpHistory).toEqual([{ date: expect.any(String), xp: 80 }]);

    const tooLong = await call('PUT', url, octo, { profile: { name: 'x', bio: 'b'.repeat(501) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('profile.bio: Bio must be at most 500 characters');

    const other = await createUser(app, 'contributor');
    const seen = await call('GET', url, other);
    expect(seen.json().data.profile).toMatchObject({ name: 'Octo Dev', email: null });
    expect(seen.body).not.toContain(octo.email);
    const edit = await call('PUT', url, other, { profile: { name: 'Hacked', bio: '' } });
    expect(edit.statusCode).toBe(403);
    expect((await call('GET', url, other)).json().data.profile.name).toBe('Octo Dev');
  });

  it("the dashboard greets by the display name set in settings, else by GitHub's name", async () => {
    const url = `/api/contributor/profile/${octo.user.id}`;
    const dashboardName = async () =>
      (await call('POST', '/api/contributor/profile')).json().data.profile.name;
    const github = (
      await new Octokit({ baseUrl: sim.apiUrl }).rest.users.getByUsername({ username: 'octo-dev' })
    ).data;

    expect(
      (await call('PUT', url, octo, { profile: { name: 'Octavia', bio: '' } })).statusCode,
    ).toBe(200);
    expect(await dashboardName()).toBe('Octavia');

    expect((await call('PUT', url, octo, { profile: { name: '  ', bio: '' } })).statusCode).toBe(
      200,
    );
    expect(await dashboardName()).toBe(github.name);
  });

  it('the profile is public: anonymous visitors, maintainers and companies see it, without the email', async () => {
    const url = `/api/contributor/profile/${octo.user.id}`;
    const maintainer = await createUser(app, 'maintainer');
    const company = await createUser(app, 'company');
    for (const headers of [{}, { cookie: maintainer.cookie }, { cookie: company.cookie }]) {
      const res = await app.server.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.profile).toMatchObject({ id: octo.user.id, email: null });
      expect(res.body).not.toContain(octo.email);
    }
    const edit = await app.server.inject({
      method: 'PUT',
      url,
      headers: { cookie: company.cookie },
      payload: { profile: { name: 'Hacked', bio: '' } },
    });
    expect(edit.statusCode).toBe(403);
  });
});
