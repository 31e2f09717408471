import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import type { OrganizationContext, OrganizationRepository } from '@openstake/core';
import {
  maintainerPreferences,
  notificationSettings,
  organizationContexts,
} from '../src/db/schema';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let sim: GithubSim;
let base: string;
let mia: Account; // admin of openstake-labs
let octo: Account; // a plain member (not an owner) of openstake-labs, as a maintainer here
let unlinked: Account;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  octo = await createUser(app, 'maintainer', { githubUsername: 'octo-dev' });
  unlinked = await createUser(app, 'maintainer', { githubUsername: 'frontend-fay' });
  await linkGithub(base, mia, 'mia-maintainer');
  await linkGithub(base, octo, 'octo-dev');
});
afterAll(() => app.close());

const call = (who: Account | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.server.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const repoUrl = (fullName: string) => `${sim.webUrl}/${fullName}`;

describe('GET /api/maintainer/organizations/:org/repositories', () => {
  it("lists an organization's public repositories to its owners, most recently updated first", async () => {
    const res = await call(mia, 'GET', '/api/maintainer/organizations/openstake-labs/repositories');
    expect(res.statusCode).toBe(200);
    const repos = res.json<{ success: true; data: OrganizationRepository[] }>().data;
    const names = repos.map((r) => r.full_name);
    expect(names).toContain('openstake-labs/stake-engine');
    // Private repositories never go into a context.
    expect(names).not.toContain('openstake-labs/internal-tools');
    expect(names.every((n) => n.startsWith('openstake-labs/'))).toBe(true);
    const engine = repos.find((r) => r.name === 'stake-engine')!;
    expect(engine).toMatchObject({
      html_url: `${sim.webUrl}/openstake-labs/stake-engine`,
      language: expect.any(String),
      stargazers_count: expect.any(Number),
    });

    // The case of the name does not matter.
    const otherCase = await call(
      mia,
      'GET',
      '/api/maintainer/organizations/OpenStake-Labs/repositories',
    );
    expect(otherCase.statusCode).toBe(200);
    expect(otherCase.json().data.map((r: OrganizationRepository) => r.full_name)).toEqual(names);
  });

  it("lists the maintainer's own account's repositories", async () => {
    const res = await call(mia, 'GET', '/api/maintainer/organizations/mia-maintainer/repositories');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((r: OrganizationRepository) => r.full_name);
    expect(names).toContain('mia-maintainer/release-bot');
    expect(names).not.toContain('mia-maintainer/mia-notes'); // private
  });

  it('answers 404 for a login GitHub does not know', async () => {
    const res = await call(mia, 'GET', '/api/maintainer/organizations/no-such-org-x1/repositories');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'No GitHub user or organization named no-such-org-x1',
    });
  });

  it('refuses an organization the maintainer is not a member of, and another user', async () => {
    const other = await call(mia, 'GET', '/api/maintainer/organizations/pixel-forge/repositories');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(
      'You (mia-maintainer) are not a member of the GitHub organization pixel-forge',
    );
    const user = await call(mia, 'GET', '/api/maintainer/organizations/octo-dev/repositories');
    expect(user.statusCode).toBe(403);
    expect(user.json().message).toMatch(/^octo-dev is another GitHub user/);
  });

  it('needs a linked GitHub account, the maintainer role and a valid name', async () => {
    const res = await call(
      unlinked,
      'GET',
      '/api/maintainer/organizations/pixel-forge/repositories',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'GITHUB_AUTH_REQUIRED',
      message: 'GitHub authentication required',
    });
    expect(
      (await call(null, 'GET', '/api/maintainer/organizations/openstake-labs/repositories'))
        .statusCode,
    ).toBe(401);
    const contributor = await createUser(app, 'contributor');
    expect(
      (await call(contributor, 'GET', '/api/maintainer/organizations/openstake-labs/repositories'))
        .statusCode,
    ).toBe(403);
    const bad = await call(mia, 'GET', '/api/maintainer/organizations/bad%20name/repositories');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/valid GitHub username or org/);
  });
});

describe('organization context', () => {
  it('generates a context from the repositories’ metadata, languages and README', async () => {
    const res = await call(
      mia,
      'POST',
      '/api/maintainer/organizations/openstake-labs/context/generate',
      {
        repos: [repoUrl('openstake-labs/stake-engine'), repoUrl('openstake-labs/openstake-web')],
      },
    );
    expect(res.statusCode).toBe(200);
    const { context } = res.json<{ data: { context: string } }>().data;
    expect(context).toContain('# openstake-labs');
    expect(context).toContain('## openstake-labs/stake-engine');
    expect(context).toContain('## openstake-labs/openstake-web');
    // From stake-engine's description and README on the simulated GitHub.
    expect(context).toContain('Settlement engine for staked pull requests.');
    expect(context).toContain('npm install');
    expect(context).toMatch(/Languages: \w+ \d+%/);
    // Nothing is saved until the maintainer saves it.
    expect(
      await app.ctx.db
        .select()
        .from(organizationContexts)
        .where(eq(organizationContexts.organization, 'openstake-labs')),
    ).toEqual([]);
  });

  it("accepts only the organization's own public repositories", async () => {
    const url = '/api/maintainer/organizations/openstake-labs/context/generate';
    const foreign = await call(mia, 'POST', url, {
      repos: [repoUrl('openstake-labs/stake-engine'), repoUrl('pixel-forge/pixel-ui')],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      field: 'repos.1',
      message: `${repoUrl('pixel-forge/pixel-ui')} is not a repository of openstake-labs`,
    });
    const elsewhere = await call(mia, 'POST', url, {
      repos: ['https://gitlab.example/openstake-labs/stake-engine'],
    });
    expect(elsewhere.statusCode).toBe(400);
    const missing = await call(mia, 'POST', url, {
      repos: [repoUrl('openstake-labs/nothing-here')],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'Repository openstake-labs/nothing-here was not found on GitHub',
    );
    const privateRepo = await call(mia, 'POST', url, {
      repos: [repoUrl('openstake-labs/internal-tools')],
    });
    expect(privateRepo.statusCode).toBe(400);
    expect(privateRepo.json().message).toMatch(/is private/);
    expect((await call(mia, 'POST', url, { repos: [] })).json().message).toMatch(
      /Select at least one repository/,
    );
    // Not a member: refused before any repository is read.
    const notMember = await call(
      mia,
      'POST',
      '/api/maintainer/organizations/pixel-forge/context/generate',
      {
        repos: [repoUrl('pixel-forge/pixel-ui')],
      },
    );
    expect(notMember.statusCode).toBe(403);
  });

  it('saves the edited context and reads it back; 404 before that', async () => {
    const url = '/api/maintainer/organizations/openstake-labs/context';
    const none = await call(mia, 'GET', url);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No context saved for this organization');

    const saved = await call(mia, 'PUT', url, {
      context: '  # openstake-labs\n\nSettlement lives in src/settlement/.  ',
      repoLinks: [repoUrl('openstake-labs/stake-engine')],
    });
    expect(saved.statusCode).toBe(200);
    const data = saved.json<{ data: OrganizationContext }>().data;
    expect(data).toMatchObject({
      organization: 'openstake-labs',
      context: '# openstake-labs\n\nSettlement lives in src/settlement/.',
      repoLinks: [repoUrl('openstake-labs/stake-engine')],
    });

    // The same context, whatever case the URL uses.
    const read = await call(mia, 'GET', '/api/maintainer/organizations/OPENSTAKE-LABS/context');
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(data);

    const replaced = await call(mia, 'PUT', url, { context: 'Second version' });
    expect(replaced.json().data).toMatchObject({ context: 'Second version', repoLinks: [] });
    const [row] = await app.ctx.db
      .select()
      .from(organizationContexts)
      .where(eq(organizationContexts.organization, 'openstake-labs'));
    expect(row).toMatchObject({ context: 'Second version', updatedBy: mia.user.id });
  });

  it('validates the saved context', async () => {
    const url = '/api/maintainer/organizations/openstake-labs/context';
    expect((await call(mia, 'PUT', url, { context: '   ' })).json().message).toMatch(
      /The context is empty/,
    );
    const foreign = await call(mia, 'PUT', url, {
      context: 'x',
      repoLinks: [repoUrl('pixel-forge/pixel-ui')],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('repoLinks.0');
    expect(
      (
        await call(mia, 'PUT', '/api/maintainer/organizations/pixel-forge/context', {
          context: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('maintainer preferences', () => {
  it('starts from the defaults and keeps what the maintainer saves', async () => {
    const first = await call(mia, 'GET', '/api/maintainer/preferences');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      autoReviewNewRepositories: true,
      emailNotifications: true,
      weeklyReports: false,
    });
    const changed = {
      autoReviewNewRepositories: false,
      emailNotifications: true,
      weeklyReports: true,
    };
    const put = await call(mia, 'PUT', '/api/maintainer/preferences', changed);
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual(changed);
    expect((await call(mia, 'GET', '/api/maintainer/preferences')).json().data).toEqual(changed);
    const [row] = await app.ctx.db
      .select()
      .from(maintainerPreferences)
      .where(eq(maintainerPreferences.userId, mia.user.id));
    expect(row).toMatchObject({ autoReviewNewRepositories: false });
    // The two mail switches are the maintainer's notifications (decision 018), kept with them.
    expect(
      await app.ctx.db
        .select({ kind: notificationSettings.kind, enabled: notificationSettings.enabled })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, mia.user.id))
        .orderBy(notificationSettings.kind),
    ).toEqual([
      { kind: 'stake-awaiting-review', enabled: true },
      { kind: 'weekly-report', enabled: true },
    ]);
    // Per user: another maintainer still has the defaults.
    expect((await call(octo, 'GET', '/api/maintainer/preferences')).json().data.weeklyReports).toBe(
      false,
    );
    // Saving again replaces the row rather than adding one.
    await call(mia, 'PUT', '/api/maintainer/preferences', { ...changed, weeklyReports: false });
    expect(
      await app.ctx.db
        .select()
        .from(maintainerPreferences)
        .where(eq(maintainerPreferences.userId, mia.user.id)),
    ).toHaveLength(1);
    expect((await call(mia, 'GET', '/api/maintainer/preferences')).json().data).toEqual({
      ...changed,
      weeklyReports: false,
    });
  });

  it('refuses incomplete preferences and other roles', async () => {
    const bad = await call(mia, 'PUT', '/api/maintainer/preferences', { weeklyReports: 'yes' });
    expect(bad.statusCode).toBe(400);
    const contributor = await createUser(app, 'contributor');
    expect((await call(contributor, 'GET', '/api/maintainer/preferences')).statusCode).toBe(403);
  });
});

describe("only an organization's owners (GitHub role admin) manage its settings", () => {
  const org = '/api/maintainer/organizations/openstake-labs';

  it('a member without the owner role is refused everything, and changes nothing', async () => {
    expect((await call(mia, 'PUT', `${org}/context`, { context: 'By the owner' })).statusCode).toBe(
      200,
    );
    const created = await call(mia, 'POST', `${org}/api-keys`, { name: 'issue bot' });
    expect(created.statusCode).toBe(201);
    const keyId = created.json<{ data: { _id: string } }>().data._id;

    const attempts = await Promise.all([
      call(octo, 'GET', `${org}/repositories`),
      call(octo, 'GET', `${org}/context`),
      call(octo, 'PUT', `${org}/context`, { context: 'Rewritten by a member' }),
      call(octo, 'POST', `${org}/context/generate`, {
        repos: [repoUrl('openstake-labs/stake-engine')],
      }),
      call(octo, 'GET', `${org}/api-keys`),
      call(octo, 'POST', `${org}/api-keys`, { name: 'a key of my own' }),
      app.server.inject({
        method: 'DELETE',
        url: `${org}/api-keys/${keyId}`,
        headers: { cookie: octo.cookie },
      }),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        message:
          'Only owners of the GitHub organization openstake-labs manage its settings and API keys: you (octo-dev) are a member without the owner role',
      });
    }
    const keys = await call(mia, 'GET', `${org}/api-keys`);
    expect(keys.json<{ data: { _id: string }[] }>().data.map((k) => k._id)).toEqual([keyId]);
    expect((await call(mia, 'GET', `${org}/context`)).json().data.context).toBe('By the owner');
  });

  it('refuses a non-member with its own message, and leaves a maintainer their own account', async () => {
    const outside = await call(octo, 'GET', '/api/maintainer/organizations/pixel-forge/api-keys');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(
      'You (octo-dev) are not a member of the GitHub organization pixel-forge',
    );
    const own = await call(octo, 'GET', '/api/maintainer/organizations/octo-dev/repositories');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((r: OrganizationRepository) => r.full_name)).toContain(
      'octo-dev/ts-utils',
    );
  });
});
