/**
 * A connected repository's language, whichever way it was connected: suggested issues match
 * repositories by it, so one connected through the GitHub App must have it as well as one
 * connected by its own webhook; repositories connected before it was stored get it from a job.
 */
import { Octokit } from '@octokit/rest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { repositories } from '../src/db/schema';
import {
  LANGUAGE_READ_AGAIN_MS,
  readRepositoryLanguages,
} from '../src/modules/repositories/read-repository-languages';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

let now = new Date();
const clock = { now: () => now };

let app: TestApp;
let sim: GithubSim;
let base: string;
let mia: Account;
let octo: Account;

const STAKE_ENGINE = { owner: 'openstake-labs', repo: 'stake-engine' };
const OPENSTAKE_WEB = { owner: 'openstake-labs', repo: 'openstake-web' };

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  await linkGithub(base, octo, 'octo-dev');
  const analyzed = await app.server.inject({
    method: 'POST',
    url: '/api/contributor/analyze-repositories',
    headers: { cookie: octo.cookie },
    payload: {},
  });
  expect(analyzed.statusCode).toBe(200);
});
afterAll(() => app.close());

/** GitHub's own answer for a repository, read as anyone would. */
const onGithub = async (target: { owner: string; repo: string }) =>
  (await new Octokit({ baseUrl: sim.apiUrl }).rest.repos.get(target)).data;

const repositoryRow = async (fullName: string) =>
  (await app.ctx.db.select().from(repositories).where(eq(repositories.fullName, fullName)))[0];

/** The suggested issues octo-dev (who writes TypeScript) sees, by repository and number. */
const suggestedToOcto = async () => {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/contributor/suggested-issues',
    headers: { cookie: octo.cookie },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return res
    .json<{
      data: { issues: { number: number; repository: { fullName: string } }[] };
    }>()
    .data.issues.map((i) => `${i.repository.fullName}#${String(i.number)}`);
};

/** A 'help wanted' issue opened on GitHub by the repository's maintainer. */
const helpWantedIssue = async (target: { owner: string; repo: string }, title: string) => {
  const github = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  const { data } = await github.rest.issues.create({ ...target, title, labels: ['help wanted'] });
  return `${target.owner}/${target.repo}#${String(data.number)}`;
};

describe('a repository connected through the GitHub App', () => {
  it('is suggested to contributors in its language, like one connected by its own webhook', async () => {
    const stakeEngine = await onGithub(STAKE_ENGINE);
    expect(stakeEngine.language).toBe('TypeScript');
    const wanted = await helpWantedIssue(STAKE_ENGINE, 'Document the stake engine');
    // Not suggested while nobody connected it.
    expect(await suggestedToOcto()).not.toContain(wanted);

    await sim.installApp({
      app: 'openstake',
      account: 'openstake-labs',
      repositories: [STAKE_ENGINE.repo],
      by: 'mia-maintainer',
    });
    expect(await suggestedToOcto()).toContain(wanted);
    expect(await repositoryRow('openstake-labs/stake-engine')).toMatchObject({
      githubId: stakeEngine.id,
      installationId: expect.any(Number),
      language: 'TypeScript',
    });
  });
});

describe('the read-repository-languages job', () => {
  it('reads the language of repositories connected before it was stored, by either way', async () => {
    await connectRepository(app, base, mia, OPENSTAKE_WEB);
    const openstakeWeb = await onGithub(OPENSTAKE_WEB);
    const wanted = await helpWantedIssue(OPENSTAKE_WEB, 'Explain the web app');
    // As a row written before the language was kept on every connection.
    for (const fullName of ['openstake-labs/stake-engine', 'openstake-labs/openstake-web']) {
      await app.ctx.db
        .update(repositories)
        .set({ language: null, languageReadAt: null })
        .where(eq(repositories.fullName, fullName));
    }
    expect((await repositoryRow('openstake-labs/stake-engine'))?.installationId).not.toBeNull();
    expect((await repositoryRow('openstake-labs/openstake-web'))?.installationId).toBeNull();
    expect(await suggestedToOcto()).toEqual([]);

    expect(await readRepositoryLanguages(app.ctx)).toBe(2);
    expect(await repositoryRow('openstake-labs/stake-engine')).toMatchObject({
      language: 'TypeScript',
      languageReadAt: now,
    });
    expect(await repositoryRow('openstake-labs/openstake-web')).toMatchObject({
      language: openstakeWeb.language,
      languageReadAt: now,
    });
    expect(openstakeWeb.language).toBe('TypeScript');
    expect(await suggestedToOcto()).toEqual(expect.arrayContaining([wanted]));
    // Nothing left to read.
    expect(await readRepositoryLanguages(app.ctx)).toBe(0);
  });

  it('asks again a day later about a repository GitHub had no language for', async () => {
    const github = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    const { data: empty } = await github.rest.repos.createForAuthenticatedUser({
      name: 'empty-notes',
    });
    expect(empty.language).toBeNull();
    await connectRepository(app, base, mia, { owner: 'mia-maintainer', repo: 'empty-notes' });
    const asked = () =>
      sim
        .requests()
        .filter((r) => r.method === 'GET' && r.path.endsWith('/repos/mia-maintainer/empty-notes'))
        .length;
    const before = asked();
    expect(await readRepositoryLanguages(app.ctx)).toBe(0);
    expect(asked()).toBe(before);

    now = new Date(now.getTime() + LANGUAGE_READ_AGAIN_MS + 1);
    expect(await readRepositoryLanguages(app.ctx)).toBe(1);
    expect(asked()).toBe(before + 1);
    expect((await repositoryRow('mia-maintainer/empty-notes'))?.languageReadAt).toEqual(now);
  });
});
