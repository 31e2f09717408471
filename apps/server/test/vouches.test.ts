/**
 * Vouch and denounce (decision 015, part 3) by each path: the maintainer's routes (settings and
 * the pull request card), `/vouch` and `/denounce` in a comment, and the repository's
 * `.github/VOUCHED.td`, read when the repository is connected and when a push touches it, and
 * written back when a maintainer speaks in OpenStake. On the simulated GitHub.
 */
import { Octokit } from '@octokit/rest';
import { VOUCH_FILE_PATH, type RepositoryVouch } from '@openstake/core';
import type { GithubSim } from '@openstake/github-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositories, repositoryVouches } from '../src/db/schema';
import { vouchOf } from '../src/modules/vouches/vouch-store';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, REPO_FULL_NAME, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let sim: GithubSim;
let base: string;
let mia: Account;
/** A maintainer who may only read the repository. */
let rita: Account;
let octo: Account;
let company: Account;
const BOT = 'openstake[bot]';
const VOUCHES = `/api/maintainer/repositories/${REPO.owner}/${REPO.repo}/vouches`;

const FILE = `# Vouched and denounced users (mitchellh/vouch's format)
octo-dev
-newbie-nia opened a generated pull request
no-such-user-anywhere
gitlab:someone-else
`;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
  rita = await createUser(app, 'maintainer', { githubUsername: 'rita-reader' });
  await linkGithub(base, rita, 'rita-reader');
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  await linkGithub(base, octo, 'octo-dev');
  company = await createUser(app, 'company');
  // The file is there before OpenStake: connecting through the app reads it.
  await sim.commitFile({ ...REPO, path: VOUCH_FILE_PATH, text: FILE, by: 'mia-maintainer' });
  await sim.installApp({
    app: 'openstake',
    account: 'openstake-labs',
    repositories: ['stake-engine'],
    by: 'mia-maintainer',
  });
  await app.ctx.background.idle();
});
afterAll(() => app.close());

const github = (login?: string) =>
  new Octokit({ baseUrl: sim.apiUrl, ...(login && { auth: sim.tokenFor(login) }) });

const githubIdOf = async (login: string) =>
  (await github().rest.users.getByUsername({ username: login })).data.id;

async function fileOnGithub(owner = REPO.owner, repo = REPO.repo): Promise<string> {
  const { data } = await github('mia-maintainer').rest.repos.getContent({
    owner,
    repo,
    path: VOUCH_FILE_PATH,
  });
  if (Array.isArray(data) || data.type !== 'file') throw new Error('not a file');
  return Buffer.from(data.content, 'base64').toString('utf8');
}

const repositoryId = async (fullName = REPO_FULL_NAME) => {
  const [row] = await app.ctx.db
    .select({ id: repositories.id })
    .from(repositories)
    .where(eq(repositories.fullName, fullName));
  return row!.id;
};

const list = async (who: Account = mia) => {
  const res = await app.server.inject({
    method: 'GET',
    url: VOUCHES,
    headers: { cookie: who.cookie },
  });
  return {
    res,
    vouches: res.statusCode === 200 ? res.json<{ data: RepositoryVouch[] }>().data : [],
  };
};

/**
 * A change, once OpenStake has also read the push its commit to VOUCHED.td sent back (so an
 * earlier push's read cannot land after the assertions).
 */
async function settled<T>(response: Promise<T>): Promise<T> {
  const answer = await response;
  await app.ctx.background.idle();
  return answer;
}

const put = (login: string, body: object, who: Account = mia) =>
  settled(
    app.server.inject({
      method: 'PUT',
      url: `${VOUCHES}/${login}`,
      headers: { cookie: who.cookie },
      payload: body,
    }),
  );

const withdraw = (login: string, who: Account = mia) =>
  settled(
    app.server.inject({
      method: 'DELETE',
      url: `${VOUCHES}/${login}`,
      headers: { cookie: who.cookie },
    }),
  );

const byLogin = (vouches: RepositoryVouch[], login: string) =>
  vouches.find((v) => v.login.toLowerCase() === login.toLowerCase());

describe('the VOUCHED.td file', () => {
  it("is read when the app connects the repository: its GitHub users by id, other platforms' and unknown logins skipped", async () => {
    const { vouches } = await list();
    // Read at the same moment: by login.
    expect(vouches.filter((v) => v.source === 'file')).toEqual([
      expect.objectContaining({
        login: 'newbie-nia',
        githubUserId: await githubIdOf('newbie-nia'),
        kind: 'denounced',
        reason: 'opened a generated pull request',
      }),
      expect.objectContaining({
        login: 'octo-dev',
        githubUserId: await githubIdOf('octo-dev'),
        kind: 'vouched',
        reason: null,
        decidedByLogin: null,
      }),
    ]);
  });

  it('a push that changes it is read again: removed lines go, new ones come, a word said in OpenStake stays', async () => {
    expect((await put('sam-rustacean', { kind: 'vouched' })).statusCode).toBe(200);
    const fileNow = await fileOnGithub();
    expect(fileNow).toContain('\nsam-rustacean\n');
    // A maintainer edits the file on GitHub: octo-dev and sam-rustacean leave, gopher-gus comes.
    await sim.commitFile({
      ...REPO,
      path: VOUCH_FILE_PATH,
      text: fileNow.replace('octo-dev\n', '').replace('sam-rustacean\n', 'gopher-gus\n'),
      by: 'mia-maintainer',
    });
    await app.ctx.background.idle();
    const { vouches } = await list();
    expect(byLogin(vouches, 'octo-dev')).toBeUndefined();
    expect(byLogin(vouches, 'gopher-gus')).toMatchObject({ kind: 'vouched', source: 'file' });
    expect(byLogin(vouches, 'newbie-nia')).toMatchObject({ kind: 'denounced', source: 'file' });
    expect(byLogin(vouches, 'sam-rustacean')).toMatchObject({
      kind: 'vouched',
      source: 'settings',
      decidedByLogin: 'mia-maintainer',
    });
  });

  it('is read when a repository is connected with its own webhook (on its ping)', async () => {
    const target = { owner: 'mia-maintainer', repo: 'release-bot' };
    await sim.commitFile({
      ...target,
      path: VOUCH_FILE_PATH,
      text: '-Ruby-Raj spam\n',
      by: 'mia-maintainer',
    });
    await connectRepository(app, base, mia, target);
    await app.ctx.background.idle();
    expect(
      await vouchOf(app.ctx.db, {
        repositoryId: await repositoryId('mia-maintainer/release-bot'),
        githubUserId: await githubIdOf('ruby-raj'),
      }),
    ).toBe('denounced');
  });
});

describe("the maintainer's routes", () => {
  it('vouch, denounce with a reason, list newest first, withdraw: the file follows each', async () => {
    const vouched = await put('@Java-Jane', { kind: 'vouched', source: 'pull_request' });
    expect(vouched.statusCode, vouched.body).toBe(200);
    expect(vouched.json<{ data: RepositoryVouch }>().data).toMatchObject({
      login: 'java-jane',
      githubUserId: await githubIdOf('java-jane'),
      kind: 'vouched',
      source: 'pull_request',
      decidedByLogin: 'mia-maintainer',
    });
    expect(await fileOnGithub()).toMatch(/\njava-jane\n/);

    const denounced = await put('java-jane', { kind: 'denounced', reason: '  40 generated PRs ' });
    expect(denounced.statusCode, denounced.body).toBe(200);
    const { vouches } = await list();
    expect(vouches[0]).toMatchObject({
      login: 'java-jane',
      kind: 'denounced',
      reason: '40 generated PRs',
      source: 'settings',
    });
    // One row per user, kept by GitHub id whatever the spelling of the login.
    expect(vouches.filter((v) => v.login === 'java-jane')).toHaveLength(1);
    const file = await fileOnGithub();
    expect(file).toMatch(/\n-java-jane 40 generated PRs\n/);
    expect(file).not.toMatch(/\njava-jane\n/);

    expect((await withdraw('JAVA-JANE')).statusCode).toBe(200);
    expect(byLogin((await list()).vouches, 'java-jane')).toBeUndefined();
    expect(await fileOnGithub()).not.toContain('java-jane');
    const again = await withdraw('java-jane');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ field: 'login' });
  });

  it('is kept by GitHub id: the row answers for the user after their login is spelled otherwise', async () => {
    expect((await put('KAI-KOTLIN', { kind: 'vouched' })).statusCode).toBe(200);
    expect(
      await vouchOf(app.ctx.db, {
        repositoryId: await repositoryId(),
        githubUserId: await githubIdOf('kai-kotlin'),
      }),
    ).toBe('vouched');
    const [row] = await app.ctx.db
      .select({ login: repositoryVouches.login })
      .from(repositoryVouches)
      .where(eq(repositoryVouches.githubUserId, await githubIdOf('kai-kotlin')));
    expect(row?.login).toBe('kai-kotlin');
  });

  it('refuses a denouncement without a reason, oneself, and a login GitHub does not know', async () => {
    const noReason = await put('cpp-carlos', { kind: 'denounced' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reason' });
    const tooLong = await put('cpp-carlos', { kind: 'denounced', reason: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(400);

    const self = await put('mia-maintainer', { kind: 'vouched' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      field: 'login',
      message: expect.stringContaining('cannot vouch for or denounce yourself'),
    });
    const unknown = await put('no-such-user-anywhere', { kind: 'vouched' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'login' });
    const organization = await put('openstake-labs', { kind: 'vouched' });
    expect(organization.statusCode).toBe(404);
    expect(byLogin((await list()).vouches, 'cpp-carlos')).toBeUndefined();
  });

  it("only the repository's maintainers with push access: others are refused and nothing changes", async () => {
    const before = (await list()).vouches;
    expect((await list(rita)).res.statusCode).toBe(403);
    expect((await put('cpp-carlos', { kind: 'vouched' }, rita)).statusCode).toBe(403);
    expect((await withdraw('newbie-nia', rita)).statusCode).toBe(403);
    expect((await put('cpp-carlos', { kind: 'vouched' }, octo)).statusCode).toBe(403);
    expect((await list(company)).res.statusCode).toBe(403);
    const anonymous = await app.server.inject({ method: 'GET', url: VOUCHES });
    expect(anonymous.statusCode).toBe(401);
    const notConnected = await app.server.inject({
      method: 'GET',
      url: '/api/maintainer/repositories/openstake-labs/openstake-py/vouches',
      headers: { cookie: mia.cookie },
    });
    expect(notConnected.statusCode).toBe(404);
    expect((await list()).vouches).toEqual(before);
  });
});

describe('/vouch and /denounce in a comment', () => {
  const comment = async (author: string, number: number, body: string) => {
    await sim.commentOnIssue({ ...REPO, number, author, body });
    await app.ctx.background.idle();
  };
  const botReplies = async (number: number) => {
    const { data } = await github().rest.issues.listComments({ ...REPO, issue_number: number });
    return data.filter((c) => c.user?.login === BOT).map((c) => c.body ?? '');
  };

  it('by a maintainer who can push: vouches or denounces, and the bot answers', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: 'Vouching here' });
    await comment('mia-maintainer', issue.number, '/vouch @lena-pythonista');
    await comment('mia-maintainer', issue.number, '/denounce @devon-docs opened 40 generated PRs');
    expect(await botReplies(issue.number)).toEqual([
      `@mia-maintainer vouched for @lena-pythonista in ${REPO_FULL_NAME}: they skip the newcomer slots and pay the issue's stake here.`,
      `@mia-maintainer denounced @devon-docs in ${REPO_FULL_NAME}: they cannot stake here.`,
    ]);
    const { vouches } = await list();
    expect(byLogin(vouches, 'lena-pythonista')).toMatchObject({
      kind: 'vouched',
      source: 'command',
      decidedByLogin: 'mia-maintainer',
    });
    expect(byLogin(vouches, 'devon-docs')).toMatchObject({
      kind: 'denounced',
      reason: 'opened 40 generated PRs',
      source: 'command',
    });
    expect(await fileOnGithub()).toContain('\n-devon-docs opened 40 generated PRs\n');
  });

  it('is refused with a reply for someone without push access, a contributor, and a denouncement without a reason', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: 'Refused vouches' });
    await comment('rita-reader', issue.number, '/vouch @frontend-fay');
    await comment('octo-dev', issue.number, '/vouch @frontend-fay');
    await comment('mia-maintainer', issue.number, '/denounce @frontend-fay');
    expect(await botReplies(issue.number)).toEqual([
      `@rita-reader You need push access to ${REPO_FULL_NAME} on GitHub for this`,
      `@octo-dev Only a maintainer of ${REPO_FULL_NAME} can vouch users.`,
      '@mia-maintainer Write `/denounce @user reason`, with a reason of 1 to 300 characters.',
    ]);
    expect(byLogin((await list()).vouches, 'frontend-fay')).toBeUndefined();
  });
});

describe("a GitHub user's vouches across repositories (the profile)", () => {
  const of = (login: string, who: Account) =>
    app.server.inject({
      method: 'GET',
      url: `/api/maintainer/github-users/${login}/vouches`,
      headers: { cookie: who.cookie },
    });

  it('any maintainer sees each repository and who said it; contributors and companies do not', async () => {
    expect((await put('tess-tester', { kind: 'vouched' })).statusCode).toBe(200);
    // rita cannot push to the repository, and still reads what its maintainers said.
    const res = await of('Tess-Tester', rita);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: [
        {
          repository: REPO_FULL_NAME,
          kind: 'vouched',
          reason: null,
          decidedByLogin: 'mia-maintainer',
          updatedAt: expect.any(String),
        },
      ],
    });
    expect((await of('tess-tester', octo)).statusCode).toBe(403);
    expect((await of('tess-tester', company)).statusCode).toBe(403);
    expect((await of('no-such-user-anywhere', rita)).statusCode).toBe(404);
  });
});
