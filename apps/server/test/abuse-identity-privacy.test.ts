import type { GithubSim } from '@openstake/github-sim';
import {
  DEFAULT_CONTRIBUTOR_PRIVACY,
  DIRECTORY_PAGE_MAX,
  type ContributorProfile,
  type Conversation,
  type DirectoryPage,
  type DirectoryProfile,
  type MergeFeedback,
  type Stake,
} from '@openstake/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakes, users } from '../src/db/schema';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 27's holes 2, 4 and 5, tried as an outsider would on the old main, where each of these
 * showed a company (or anyone) what it should not have:
 *
 * - 2: a GitHub username typed at sign-up is only a claim. Two accounts that typed `octo-dev`
 *   without proving it stood in the hire directory beside the real octo-dev, and Contact reached
 *   them. Only a login GitHub proved (OAuth, `github_accounts`) is shown as a GitHub login.
 * - 4: work in a private repository (openstake-labs/internal-tools, which octo-dev reads as a
 *   member of the organization) was shown to every company: the repository, the issue's title
 *   and the pull request's address.
 * - 5: a contributor who chose not to be listed could still be read by id, by anyone.
 */

let app: TestApp;
let sim: GithubSim;
let base: string;
let company: Account;
let mia: Account;
let octo: Account;
/** Two accounts that typed octo-dev at sign-up and never proved it. */
let impostors: Account[];

const PRIVATE_REPO = { owner: 'openstake-labs', repo: 'internal-tools' };
const feedback: MergeFeedback = {
  ratings: { codeQuality: 4, documentation: 3, testing: 3, performance: 2, security: 2 },
  tags: ['bugFix'],
  complexity: [],
  bonuses: [],
};

function as(who: Account | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.server.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function directory(query: Record<string, string> = {}): Promise<DirectoryPage> {
  const params = new URLSearchParams({ limit: String(DIRECTORY_PAGE_MAX), ...query });
  const res = await as(company, 'GET', `/api/company/contributors?${params.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DirectoryPage>();
}

async function directoryProfile(who: Account): Promise<DirectoryProfile> {
  const res = await as(company, 'GET', `/api/company/contributors/${who.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: DirectoryProfile }>().data;
}

/** A bounty issue by mia, a pull request by octo-dev that fixes it, octo's stake, mia's merge. */
async function mergedStake(target: { owner: string; repo: string }, title: string) {
  const created = await as(mia, 'POST', '/api/maintainer/bounty-issues', {
    ...target,
    title,
    body: 'Worth a bounty.',
    labels: [],
    assignees: [],
    milestone: null,
    stakeAmount: 10,
    bountyAmount: 20,
  });
  expect(created.statusCode, created.body).toBe(201);
  const issue = created.json<{ data: { issueId: number; number: number } }>().data;
  const pr = await sim.openPullRequest({
    ...target,
    author: 'octo-dev',
    title: `Work on #${String(issue.number)}`,
    body: `Fixes #${String(issue.number)}`,
  });
  const staked = await as(octo, 'POST', '/api/contributor/stakes', {
    issueId: issue.issueId,
    prUrl: pr.html_url,
    amount: 10,
  });
  expect(staked.statusCode, staked.body).toBe(201);
  const merged = await as(
    mia,
    'POST',
    `/api/maintainer/repos/${target.owner}/${target.repo}/pulls/${String(pr.number)}/merge`,
    feedback,
  );
  expect(merged.statusCode, merged.body).toBe(200);
  return { stakeId: staked.json<{ data: Stake }>().data._id, prUrl: pr.html_url };
}

let privateWork: { stakeId: string; prUrl: string };
let publicWork: { stakeId: string; prUrl: string };

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  company = await createUser(app, 'company');
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  await linkGithub(base, mia, 'mia-maintainer');
  await linkGithub(base, octo, 'octo-dev');
  impostors = [
    await createUser(app, 'contributor', { githubUsername: 'octo-dev' }),
    await createUser(app, 'contributor', { githubUsername: 'Octo-Dev' }),
  ];
  await connectRepository(app, base, mia, REPO);
  await connectRepository(app, base, mia, PRIVATE_REPO);
  publicWork = await mergedStake(REPO, 'Public work');
  privateWork = await mergedStake(PRIVATE_REPO, 'Secret roadmap item');
});
afterAll(() => app.close());

describe('hole 2: a GitHub username typed at sign-up is a claim, not an identity', () => {
  it('the directory lists octo-dev once: the account GitHub proved', async () => {
    const { data } = await directory();
    const shownAsOcto = data.filter((c) => c.githubUsername.toLowerCase() === 'octo-dev');
    expect(shownAsOcto.map((c) => c.id)).toEqual([octo.user.id]);
    for (const impostor of impostors) {
      expect(data.map((c) => c.id)).not.toContain(impostor.user.id);
    }
    const searched = await directory({ q: 'octo-dev' });
    expect(searched.data.map((c) => c.id)).toEqual([octo.user.id]);
    expect(searched.stats.total).toBe(1);
  });

  it("an impostor's profile, GitHub details and contact are a 404, as for an unknown id", async () => {
    const unknown = await as(
      company,
      'GET',
      '/api/company/contributors/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    for (const impostor of impostors) {
      const id = impostor.user.id;
      for (const url of [
        `/api/company/contributors/${id}`,
        `/api/company/contributors/${id}/github`,
      ]) {
        const res = await as(company, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual(unknown.json());
      }
      const contact = await as(company, 'POST', `/api/company/contributors/${id}/messages`, {
        text: 'Hello octo-dev, we saw your work.',
      });
      expect(contact.statusCode).toBe(404);
    }
  });

  it("the real octo-dev's profile links to their GitHub account, and Contact reaches them", async () => {
    const profile = await directoryProfile(octo);
    expect(profile).toMatchObject({
      githubUsername: 'octo-dev',
      githubUrl: `${sim.webUrl}/octo-dev`,
    });
    const contact = await as(
      company,
      'POST',
      `/api/company/contributors/${octo.user.id}/messages`,
      {
        text: 'Hello octo-dev, we saw your work.',
      },
    );
    expect(contact.statusCode, contact.body).toBe(201);
    expect(contact.json<{ data: Conversation }>().data.with).toEqual({
      id: octo.user.id,
      name: 'octo-dev',
    });
  });

  it('a login is always the one GitHub proved, never the username the account typed', async () => {
    // An account's typed username drifting from its proven login (written before the link
    // corrected it, say) changes nothing a company or the public profile shows.
    await app.ctx.db
      .update(users)
      .set({ githubUsername: 'torvalds' })
      .where(eq(users.id, octo.user.id));
    try {
      const row = (await directory()).data.find((c) => c.id === octo.user.id);
      expect(row?.githubUsername).toBe('octo-dev');
      expect((await directory({ q: 'torvalds' })).data).toEqual([]);
      expect(await directoryProfile(octo)).toMatchObject({
        githubUsername: 'octo-dev',
        githubUrl: `${sim.webUrl}/octo-dev`,
      });
      const conversations = await as(company, 'GET', '/api/company/conversations');
      expect(conversations.json<{ data: Conversation[] }>().data.map((c) => c.with.name)).toEqual([
        'octo-dev',
      ]);
      const publicProfile = await as(null, 'GET', `/api/contributor/profile/${octo.user.id}`);
      expect(
        publicProfile.json<{ data: { profile: ContributorProfile } }>().data.profile,
      ).toMatchObject({ githubUsername: 'octo-dev' });
    } finally {
      await app.ctx.db
        .update(users)
        .set({ githubUsername: 'octo-dev' })
        .where(eq(users.id, octo.user.id));
    }
  });

  it("an impostor's public profile and conversations never show the claimed login", async () => {
    const [impostor] = impostors;
    const profile = await as(company, 'GET', `/api/contributor/profile/${impostor!.user.id}`);
    expect(profile.statusCode).toBe(200);
    expect(
      profile.json<{ data: { profile: ContributorProfile } }>().data.profile.githubUsername,
    ).toBeNull();
    // A conversation from before the directory required a proven login (Contact refuses now).
    await app.ctx.db.execute(sql`with started as (
        insert into conversations (company_id, contributor_id)
        values (${company.user.id}, ${impostor!.user.id}) returning id)
      insert into messages (conversation_id, sender_id, body)
      select id, ${company.user.id}, 'Hello octo-dev' from started`);
    const res = await as(company, 'GET', '/api/company/conversations');
    const conversation = res
      .json<{ data: Conversation[] }>()
      .data.find((c) => c.with.id === impostor!.user.id);
    expect(conversation?.with.name).toBeDefined();
    expect(conversation?.with.name.toLowerCase()).not.toContain('octo-dev');
  });
});

describe('hole 4: work in a private repository is shown to nobody but its contributor', () => {
  it("the profile a company reads leaves out the private repository's stakes and work", async () => {
    const profile = await directoryProfile(octo);
    const text = JSON.stringify(profile);
    expect(text).not.toContain('internal-tools');
    expect(text).not.toContain('Secret roadmap item');
    expect(text).not.toContain(privateWork.prUrl);
    expect(profile.verifiedWork.map((w) => w.stakeId)).toEqual([publicWork.stakeId]);
    expect(profile.recentStakes.map((s) => s.id)).toEqual([publicWork.stakeId]);
    // The repositories it names are the ones a company may read: stake-engine only.
    expect(profile.repositories).toBe(1);
  });

  it('the directory row counts the same repositories as the profile, from one source', async () => {
    const row = (await directory()).data.find((c) => c.id === octo.user.id);
    expect(row?.repositories).toBe((await directoryProfile(octo)).repositories);
    expect(row?.repositories).toBe(1);
  });

  it('the private merge still counts toward XP and coins', async () => {
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, octo.user.id));
    const profile = await directoryProfile(octo);
    expect(profile.xp).toBe(row!.xp);
    const [merged] = await app.ctx.db
      .select()
      .from(stakes)
      .where(eq(stakes.id, privateWork.stakeId));
    expect(merged).toMatchObject({
      status: 'accepted',
      repositoryFullName: 'openstake-labs/internal-tools',
    });
    expect(merged!.xpEarned).toBeGreaterThan(0);
    expect(merged!.coinsEarned).toBeGreaterThan(0);
  });

  it('the public profile shows nothing of it either', async () => {
    const res = await as(null, 'GET', `/api/contributor/profile/${octo.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('internal-tools');
    expect(res.body).not.toContain('Secret roadmap item');
  });

  it('the contributor still sees their own private work', async () => {
    const res = await as(octo, 'GET', '/api/contributor/stakes');
    expect(res.statusCode).toBe(200);
    const mine = res.json<{ data: Stake[] }>().data;
    expect(mine.map((s) => s._id)).toEqual(
      expect.arrayContaining([privateWork.stakeId, publicWork.stakeId]),
    );
  });
});

describe('hole 5: a hidden contributor is absent from every route but their own', () => {
  it('reading the hidden profile by id is a 404 for anyone else, as for an unknown id', async () => {
    const hidden = await createUser(app, 'contributor');
    const stranger = await createUser(app, 'contributor');
    const maintainer = await createUser(app, 'maintainer');
    const privacy = await as(hidden, 'PUT', '/api/contributor/privacy', {
      ...DEFAULT_CONTRIBUTOR_PRIVACY,
      listedInDirectory: false,
    });
    expect(privacy.statusCode).toBe(200);
    await as(hidden, 'PUT', `/api/contributor/profile/${hidden.user.id}`, {
      profile: { name: 'Hidden Person', bio: 'Not looking.' },
    });

    const unknown = await as(
      null,
      'GET',
      '/api/contributor/profile/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    for (const reader of [null, company, stranger, maintainer, mia]) {
      const res = await as(reader, 'GET', `/api/contributor/profile/${hidden.user.id}`);
      expect(res.statusCode, reader?.user.role ?? 'signed out').toBe(404);
      expect(res.json()).toEqual(unknown.json());
      expect(res.body).not.toContain('Hidden Person');
    }
    const own = await as(hidden, 'GET', `/api/contributor/profile/${hidden.user.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: { profile: ContributorProfile } }>().data.profile).toMatchObject({
      name: 'Hidden Person',
      email: hidden.email,
    });
  });

  it('showing the profile again makes it readable again', async () => {
    const person = await createUser(app, 'contributor');
    const url = `/api/contributor/profile/${person.user.id}`;
    const set = (listedInDirectory: boolean) =>
      as(person, 'PUT', '/api/contributor/privacy', {
        ...DEFAULT_CONTRIBUTOR_PRIVACY,
        listedInDirectory,
      });
    await set(false);
    expect((await as(null, 'GET', url)).statusCode).toBe(404);
    await set(true);
    expect((await as(null, 'GET', url)).statusCode).toBe(200);
  });
});
