import { Octokit } from '@octokit/rest';
import type { GithubSim } from '@openstake/github-sim';
import { rowsOf } from '../src/db/database';
import {
  ACTIVE_WITHIN_DAYS,
  DEFAULT_CONTRIBUTOR_PRIVACY,
  DIRECTORY_PAGE_MAX,
  DIRECTORY_PAGE_SIZE,
  rankForXp,
  type DirectoryContributor,
  type DirectoryGithub,
  type DirectoryPage,
  type DirectoryProfile,
  type DirectorySort,
  type MergeFeedback,
} from '@openstake/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubAccounts, stakes, users } from '../src/db/schema';
import { inTransaction } from '../src/db/transaction';
import { encryptSecret } from '../src/lib/secret-box';
import { saveRepositoryAnalysis } from '../src/modules/contributors/save-repository-analysis';
import { GITHUB_DETAILS_CACHE_MS } from '../src/modules/directory/get-directory-github';
import { getBalance, stakeEscrowOf, walletOf } from '../src/modules/ledger/accounts';
import { transfer } from '../src/modules/ledger/transfer';
import { dispatchGithubEvents } from '../src/modules/github-events/dispatch-github-events';
import { grantXp } from '../src/modules/xp/grant-xp';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { proveGithub } from './helpers/prove-github';
import { REPO, REPO_FULL_NAME, stakePriceOf, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * The company hire directory (issue 11): the list with its filters, sorts, cursor and stats, a
 * contributor's profile with the verified work record, and their GitHub details. Contact and
 * the privacy routes are in messages.test.ts.
 */

const HOUR_US = 3_600_000_000;
const DAY_US = 24 * HOUR_US;
const ACTIVE_US = ACTIVE_WITHIN_DAYS * DAY_US;

type Page = DirectoryPage & { success: true };

const as = (
  app: TestApp,
  who: Account,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => app.server.inject({ method, url, headers: { cookie: who.cookie }, payload });

async function setPrivacy(
  app: TestApp,
  who: Account,
  choice: Partial<typeof DEFAULT_CONTRIBUTOR_PRIVACY>,
) {
  const res = await as(app, who, 'PUT', '/api/contributor/privacy', {
    ...DEFAULT_CONTRIBUTOR_PRIVACY,
    ...choice,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setName(app: TestApp, who: Account, name: string, bio = '') {
  const res = await as(app, who, 'PUT', `/api/contributor/profile/${who.user.id}`, {
    profile: { name, bio },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** XP as the app grants it: one xp_events row and the user's total, in one statement. */
async function grant(app: TestApp, userId: string, amount: number) {
  if (amount === 0) return;
  await inTransaction(app.ctx.db, (tx) =>
    grantXp(tx, {
      userId,
      amount,
      kind: 'starting_xp',
      reference: userId,
      idempotencyKey: `directory-test-xp:${userId}`,
    }),
  );
}

async function analysed(app: TestApp, userId: string, topLanguages: string[], at: Date) {
  await saveRepositoryAnalysis(app.ctx.db, {
    userId,
    analysis: { repositories: [], topLanguages, languages: [], analyzedAt: at.toISOString() },
    analyzedAt: at,
  });
}

// ---------------------------------------------------------------------------------------------
// The list: one fixed set of contributors, on a database of its own, at a fixed instant.
// ---------------------------------------------------------------------------------------------

/** Whole seconds, so the instants below built from it are exact in milliseconds too. */
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

interface Member {
  username: string;
  xp: number;
  /** Last activity, in microseconds before NOW. */
  agoUs: number;
  name?: string;
  languages?: string[];
  emailVisible?: boolean;
  hidden?: boolean;
  /** Typed a GitHub username at sign-up and never proved it. */
  unproven?: boolean;
  /** Settled or pending stakes: status and, when settled, how long before NOW. */
  stakes?: {
    status: 'accepted' | 'rejected' | 'expired' | 'pending';
    agoUs?: number;
    repo?: string;
    /** On an issue of a private repository: it counts nowhere a company looks. */
    private?: boolean;
  }[];
}

// A tie: three contributors active at one microsecond (not on a millisecond), and one a
// microsecond before them, so a cursor rounded to milliseconds would skip or repeat someone.
const TIE_US = 10 * DAY_US - 456;

const MEMBERS = {
  nora: {
    username: 'nora-novice',
    xp: 0,
    agoUs: DAY_US,
    stakes: [{ status: 'accepted', agoUs: DAY_US, repo: 'acme/secret', private: true }],
  },
  ned: { username: 'ned-novice', xp: 99, agoUs: ACTIVE_US }, // active: exactly 30 days ago
  abe: { username: 'abe-apprentice', xp: 100, agoUs: ACTIVE_US + 1 }, // inactive by 1 µs
  amy: {
    username: 'amy-apprentice',
    xp: 499,
    agoUs: 0,
    languages: ['TypeScript', 'Rust', 'Go', 'Python'],
  },
  cal: { username: 'cal-contrib', xp: 500, agoUs: 90 * DAY_US, name: '100% Rust_fan' },
  cleo: { username: 'cleo-contrib', xp: 500, agoUs: TIE_US, name: '100 Rustafan' },
  cora: { username: 'cora-contrib', xp: 500, agoUs: TIE_US },
  cody: { username: 'cody-contrib', xp: 1499, agoUs: TIE_US + 1 },
  max: {
    username: 'max-master',
    xp: 1500,
    agoUs: 31 * DAY_US,
    name: 'Grace Hopper',
    languages: ['rust', 'Shell', 'Rust'],
  },
  mona: {
    username: 'mona-master',
    xp: 2999,
    agoUs: 2 * DAY_US,
    emailVisible: true,
    stakes: [
      { status: 'accepted', agoUs: 2 * DAY_US, repo: 'acme/api' },
      { status: 'accepted', agoUs: 5 * DAY_US, repo: 'acme/api' },
      { status: 'accepted', agoUs: 40 * DAY_US, repo: 'acme/web' },
    ],
  },
  eli: {
    username: 'eli-expert',
    xp: 3000,
    agoUs: 60 * DAY_US,
    languages: ['Go'],
    stakes: [{ status: 'accepted', agoUs: 40 * DAY_US }],
  },
  eve: {
    username: 'eve-expert',
    xp: 4999,
    agoUs: 5 * DAY_US,
    stakes: [
      { status: 'accepted', agoUs: 10 * DAY_US }, // exactly on the edge of 10 days
      { status: 'expired', agoUs: DAY_US },
    ],
  },
  lea: {
    username: 'lea-legend',
    xp: 5000,
    agoUs: 0,
    name: 'back\\slash',
    stakes: [{ status: 'rejected', agoUs: DAY_US }, { status: 'pending' }],
  },
  hal: { username: 'hal-hidden', xp: 5000, agoUs: 0, name: 'Grace Hidden', hidden: true },
  uma: {
    username: 'uma-unproven',
    xp: 5000,
    agoUs: 0,
    name: 'Grace Claimed',
    emailVisible: true,
    unproven: true,
    stakes: [{ status: 'accepted', agoUs: DAY_US, repo: 'acme/api' }],
  },
} satisfies Record<string, Member>;
type Label = keyof typeof MEMBERS;

const LISTED = (Object.keys(MEMBERS) as Label[]).filter((l) => {
  const member: Member = MEMBERS[l];
  return !member.hidden && !member.unproven;
});

describe('the hire directory list', () => {
  let app: TestApp;
  let company: Account;
  const accounts = {} as Record<Label, Account>;
  const idOf = (label: Label) => accounts[label].user.id;
  let issueId = 7_000_000;

  /** A stake of the member by SQL, with its tracked issue; a pending one holds its coins. */
  async function stakeOf(userId: string, s: NonNullable<Member['stakes']>[number]) {
    const repository = s.repo ?? 'acme/misc';
    const githubId = issueId++;
    await app.ctx.db.execute(sql`
      insert into tracked_issues (github_id, repository_full_name, number, title, state,
        author_login, html_url, difficulty, staking_required, xp_reward, repository,
        repository_private, github_created_at, github_updated_at)
      values (${githubId}, ${repository}, ${githubId}, 'Issue', 'open', 'mia-maintainer',
        ${`https://github.com/${repository}/issues/${String(githubId)}`}, 'beginner', 5, 50,
        '{"description": null, "language": null, "stargazersCount": 0, "htmlUrl": "https://github.com/x/y"}'::jsonb,
        ${Boolean(s.private)}, now(), now())`);
    const settledAt =
      s.status === 'pending'
        ? sql`null`
        : sql`${NOW.toISOString()}::timestamptz - ${s.agoUs ?? 0}::bigint * interval '1 microsecond'`;
    const [stake] = rowsOf<{ id: string }>(
      await app.ctx.db.execute(sql`
        insert into stakes (user_id, issue_github_id, repository_full_name, pr_number, pr_url,
          amount, deduction_percent, status, settled_by, created_at, settled_at)
        values (${userId}, ${githubId}, ${repository}, ${githubId},
          ${`https://github.com/${repository}/pull/${String(githubId)}`}, 5, 10, ${s.status},
          ${s.status === 'pending' ? null : 'merge'}, ${NOW.toISOString()}::timestamptz, ${settledAt})
        returning id`),
    );
    if (s.status === 'pending') {
      await inTransaction(app.ctx.db, (tx) =>
        transfer(tx, {
          from: walletOf(userId),
          to: stakeEscrowOf(stake!.id),
          amount: 5,
          kind: 'stake',
          reference: stake!.id,
          idempotencyKey: `directory-test-stake:${stake!.id}`,
        }),
      );
    }
  }

  beforeAll(async () => {
    app = await buildTestApp({}, { clock: { now: () => NOW } });
    company = await createUser(app, 'company');
    // Only contributors are listed: neither the company nor a maintainer counts anywhere.
    await createUser(app, 'maintainer');
    for (const label of Object.keys(MEMBERS) as Label[]) {
      const member: Member = MEMBERS[label];
      const account = await createUser(app, 'contributor', { githubUsername: member.username });
      accounts[label] = account;
      if (!member.unproven) await proveGithub(app, account);
      await grant(app, account.user.id, member.xp);
      if (member.name) await setName(app, account, member.name);
      if (member.hidden || member.emailVisible) {
        await setPrivacy(app, account, {
          listedInDirectory: !member.hidden,
          emailVisibleToCompanies: Boolean(member.emailVisible),
        });
      }
      if (member.languages) await analysed(app, account.user.id, member.languages, NOW);
      for (const s of member.stakes ?? []) await stakeOf(account.user.id, s);
      await app.ctx.db.execute(sql`update users
        set last_active_at = ${NOW.toISOString()}::timestamptz - ${member.agoUs}::bigint * interval '1 microsecond'
        where id = ${account.user.id}`);
    }
  });
  afterAll(() => app.close());

  const list = (query: Record<string, string | number> = {}) =>
    app.server.inject({
      url: `/api/company/contributors?${new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()}`,
      headers: { cookie: company.cookie },
    });

  async function page(query: Record<string, string | number> = {}): Promise<Page> {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  }

  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const ORDER: Record<DirectorySort, (a: Label, b: Label) => number> = {
    xp_desc: (a, b) => MEMBERS[b].xp - MEMBERS[a].xp || byId(idOf(b), idOf(a)),
    xp_asc: (a, b) => MEMBERS[a].xp - MEMBERS[b].xp || byId(idOf(a), idOf(b)),
    recent: (a, b) => MEMBERS[a].agoUs - MEMBERS[b].agoUs || byId(idOf(b), idOf(a)),
  };
  const usernames = (labels: Label[], sort: DirectorySort = 'xp_desc') =>
    [...labels].sort(ORDER[sort]).map((l) => MEMBERS[l].username);
  const shown = (p: Page) => p.data.map((c) => c.githubUsername);

  /** The filter's answer is exactly these contributors, in the sort's order, with their stats. */
  async function expectMatches(
    query: Record<string, string | number>,
    labels: Label[],
    sort: DirectorySort = 'xp_desc',
  ) {
    const result = await page({ ...query, limit: DIRECTORY_PAGE_MAX });
    const what = JSON.stringify(query);
    expect(shown(result), what).toEqual(usernames(labels, sort));
    const xps = labels.map((l) => MEMBERS[l].xp);
    expect(result.stats, what).toEqual({
      total: labels.length,
      active: labels.filter((l) => MEMBERS[l].agoUs <= ACTIVE_US).length,
      averageXp: labels.length ? Math.round(xps.reduce((a, b) => a + b, 0) / labels.length) : 0,
    });
    expect(result.nextCursor, what).toBeNull();
  }

  describe('without filters', () => {
    it('lists every listed contributor, highest XP first, on one page when they fit', async () => {
      const first = await page();
      expect(shown(first)).toEqual(usernames(LISTED));
      expect(LISTED.length).toBeLessThan(DIRECTORY_PAGE_SIZE);
      expect(first.nextCursor).toBeNull();
    });

    it('shows each contributor with rank, XP, verified repositories, top 3 languages and activity', async () => {
      const { data } = await page({ limit: DIRECTORY_PAGE_MAX });
      const find = (label: Label) => data.find((c) => c.id === idOf(label))!;
      expect(find('mona')).toEqual({
        id: idOf('mona'),
        githubUsername: 'mona-master',
        name: null,
        rank: 'Code Master',
        xp: 2999,
        // acme/api twice and acme/web: two distinct repositories with accepted stakes.
        repositories: 2,
        // Its XP was written straight into the row here, with no merge naming a source.
        xpMaintainers: 0,
        xpRepositories: 0,
        languages: [],
        isActive: true,
        lastActiveAt: new Date(NOW.getTime() - 2 * 86_400_000).toISOString(),
      } satisfies DirectoryContributor);
      expect(find('amy')).toMatchObject({
        languages: ['TypeScript', 'Rust', 'Go'],
        repositories: 0,
      });
      // Nora's one merge is in a private repository: no repository a company may read.
      expect(find('nora')).toMatchObject({ repositories: 0 });
      // A language named twice in different case is kept once, where it came first.
      expect(find('max')).toMatchObject({ name: 'Grace Hopper', languages: ['rust', 'Shell'] });
      expect(find('eve')).toMatchObject({ repositories: 1, rank: 'Code Expert' });
      // Rejected, expired and pending stakes are no verified repository.
      expect(find('lea')).toMatchObject({ repositories: 0, rank: 'Open Source Legend' });
      expect(find('ned')).toMatchObject({ isActive: true, rank: 'Code Novice' });
      expect(find('abe')).toMatchObject({ isActive: false, rank: 'Code Apprentice' });
    });

    it('counts every matching contributor in the stats, not just the page', async () => {
      const one = await page({ limit: 1 });
      expect(one.data).toHaveLength(1);
      const all = await page({ limit: DIRECTORY_PAGE_MAX });
      expect(one.stats).toEqual(all.stats);
      await expectMatches({}, LISTED);
    });

    it('treats empty or blank values as no filter (a cleared filter in a shared URL)', async () => {
      const cleared = await page({
        q: '',
        rank: '',
        status: '',
        language: '',
        minXp: '',
        mergedWithinDays: '',
        sort: '',
        limit: '',
        cursor: '',
      });
      expect(cleared).toEqual(await page());
      expect(await page({ q: '   ' })).toEqual(await page());
      expect(await page({ language: '  ', rank: ' ' })).toEqual(await page());
    });
  });

  describe('search (q)', () => {
    it('matches the GitHub username anywhere, in any case', async () => {
      await expectMatches({ q: 'novice' }, ['nora', 'ned']);
      await expectMatches({ q: 'NOVICE' }, ['nora', 'ned']);
      await expectMatches({ q: 'ra-nov' }, ['nora']);
      // Mona's email (contributor-…@example.com), which she shows, holds "contrib" too.
      await expectMatches({ q: '  contrib  ' }, ['cal', 'cleo', 'cora', 'cody', 'mona']);
      await expectMatches({ q: 'contrib', rank: 'Code Contributor' }, [
        'cal',
        'cleo',
        'cora',
        'cody',
      ]);
    });

    it('matches the display name', async () => {
      await expectMatches({ q: 'grace' }, ['max']);
      await expectMatches({ q: 'RUST' }, ['cal', 'cleo']);
      await expectMatches({ q: 'rustafan' }, ['cleo']);
    });

    it('matches % _ and \\ literally', async () => {
      await expectMatches({ q: '%' }, ['cal']);
      await expectMatches({ q: '_' }, ['cal']);
      await expectMatches({ q: '100%' }, ['cal']);
      // As a wildcard, _ would also match the "taf" of "Rustafan".
      await expectMatches({ q: 't_f' }, ['cal']);
      await expectMatches({ q: '\\' }, ['lea']);
      await expectMatches({ q: 'k\\s' }, ['lea']);
      await expectMatches({ q: '%%' }, []);
    });

    it('matches the email only of a contributor who shows it to companies', async () => {
      await expectMatches({ q: accounts.mona.email }, ['mona']);
      await expectMatches({ q: 'example.com' }, ['mona']);
      // Nora keeps her email to herself (the default): searching it finds nobody.
      await expectMatches({ q: accounts.nora.email }, []);
      await setPrivacy(app, accounts.nora, { emailVisibleToCompanies: true });
      await expectMatches({ q: accounts.nora.email }, ['nora']);
      await expectMatches({ q: 'EXAMPLE.COM' }, ['mona', 'nora']);
      await setPrivacy(app, accounts.nora, {});
      await expectMatches({ q: accounts.nora.email }, []);
    });

    it('never finds a hidden contributor, by any field', async () => {
      await expectMatches({ q: 'hal-hidden' }, []);
      await expectMatches({ q: 'Grace' }, ['max']);
      await expectMatches({ q: 'nobody-like-this' }, []);
    });

    it('never finds a contributor whose GitHub account is not proven, by any field', async () => {
      await expectMatches({ q: 'uma-unproven' }, []);
      await expectMatches({ q: 'Claimed' }, []);
      await expectMatches({ q: accounts.uma.email }, []);
    });
  });

  describe('filters', () => {
    it('rank: the XP range of the rank, lower bound inclusive, upper bound exclusive', async () => {
      // 0 and 99: an average of 49.5, rounded to 50.
      await expectMatches({ rank: 'Code Novice' }, ['nora', 'ned']);
      expect((await page({ rank: 'Code Novice' })).stats.averageXp).toBe(50);
      await expectMatches({ rank: 'Code Apprentice' }, ['abe', 'amy']);
      await expectMatches({ rank: 'Code Contributor' }, ['cal', 'cleo', 'cora', 'cody']);
      await expectMatches({ rank: 'Code Master' }, ['max', 'mona']);
      await expectMatches({ rank: 'Code Expert' }, ['eli', 'eve']);
      // The hidden legend (5000 XP) counts nowhere: one legend, an average of exactly 5000.
      await expectMatches({ rank: 'Open Source Legend' }, ['lea']);
    });

    it(`status: active means used OpenStake within ${String(ACTIVE_WITHIN_DAYS)} days, to the microsecond`, async () => {
      const active = LISTED.filter((l) => MEMBERS[l].agoUs <= ACTIVE_US);
      expect(active).toContain('ned');
      expect(active).not.toContain('abe');
      await expectMatches({ status: 'active' }, active);
      await expectMatches({ status: 'inactive' }, ['abe', 'cal', 'max', 'eli']);
      await expectMatches({ status: 'all' }, LISTED);
    });

    it('language: any language of the latest analysis, in any case', async () => {
      await expectMatches({ language: 'typescript' }, ['amy']);
      await expectMatches({ language: 'RUST' }, ['amy', 'max']);
      await expectMatches({ language: 'Go' }, ['amy', 'eli']);
      await expectMatches({ language: 'shell' }, ['max']);
      await expectMatches({ language: 'Rus' }, []);
      await expectMatches({ language: 'COBOL' }, []);
    });

    it('language: a new analysis replaces the languages of the one before', async () => {
      const later = new Date(NOW.getTime() + 1000);
      await analysed(app, idOf('eli'), ['Kotlin'], later);
      await expectMatches({ language: 'go' }, ['amy']);
      await expectMatches({ language: 'kotlin' }, ['eli']);
      await analysed(app, idOf('eli'), ['Go'], later);
      await expectMatches({ language: 'go' }, ['amy', 'eli']);
    });

    it('minXp: at least that much XP', async () => {
      await expectMatches({ minXp: 0 }, LISTED);
      await expectMatches({ minXp: 4999 }, ['eve', 'lea']);
      await expectMatches({ minXp: 5000 }, ['lea']);
      await expectMatches({ minXp: 5001 }, []);
      await expectMatches(
        { minXp: 100 },
        LISTED.filter((l) => MEMBERS[l].xp >= 100),
      );
    });

    it('mergedWithinDays: an accepted stake settled in the window; pending, rejected and expired do not count', async () => {
      // Nora merged a day ago, in a private repository: work no company may read matches nothing.
      await expectMatches({ mergedWithinDays: 1 }, []);
      await expectMatches({ mergedWithinDays: 2 }, ['mona']);
      await expectMatches({ mergedWithinDays: 9 }, ['mona']);
      // Eve's merge was settled exactly 10 days ago: inside a 10-day window.
      await expectMatches({ mergedWithinDays: 10 }, ['mona', 'eve']);
      await expectMatches({ mergedWithinDays: 39 }, ['mona', 'eve']);
      await expectMatches({ mergedWithinDays: 40 }, ['mona', 'eli', 'eve']);
      await expectMatches({ mergedWithinDays: 365 }, ['mona', 'eli', 'eve']);
    });

    it('combines every filter with the others', async () => {
      await expectMatches({ rank: 'Code Contributor', status: 'active' }, ['cleo', 'cora', 'cody']);
      await expectMatches({ rank: 'Code Contributor', status: 'active', q: 'rust' }, ['cleo']);
      await expectMatches({ minXp: 1000, status: 'inactive' }, ['max', 'eli']);
      await expectMatches({ language: 'go', minXp: 1000 }, ['eli']);
      await expectMatches({ language: 'rust', status: 'inactive' }, ['max']);
      await expectMatches({ mergedWithinDays: 365, status: 'active', minXp: 3000 }, ['eve']);
      await expectMatches({ mergedWithinDays: 365, rank: 'Code Master', q: 'mona' }, ['mona']);
      await expectMatches({ q: 'expert', sort: 'xp_asc' }, ['eli', 'eve'], 'xp_asc');
      await expectMatches({ q: 'master', status: 'active', sort: 'recent' }, ['mona'], 'recent');
      await expectMatches({ q: 'novice', rank: 'Code Apprentice' }, []);
    });

    it('refuses an invalid value with a 400 naming the field', async () => {
      const refused: [Record<string, string>, string, string | RegExp][] = [
        [{ rank: 'Code Ninja' }, 'rank', /^rank: .*"Code Novice".*"Open Source Legend"/],
        [{ status: 'sleeping' }, 'status', 'status: Status must be all, active or inactive'],
        [{ minXp: '-1' }, 'minXp', 'minXp: Minimum XP must be 0 or more'],
        [{ minXp: 'lots' }, 'minXp', 'minXp: Minimum XP must be a number'],
        [{ minXp: '1.5' }, 'minXp', 'minXp: Minimum XP must be a whole number'],
        [
          { mergedWithinDays: '0' },
          'mergedWithinDays',
          'mergedWithinDays: Merged within days must be 1 or more',
        ],
        [
          { mergedWithinDays: '366' },
          'mergedWithinDays',
          'mergedWithinDays: Merged within days must be 365 or less',
        ],
        [{ limit: '0' }, 'limit', 'limit: Limit must be 1 or more'],
        [
          { limit: String(DIRECTORY_PAGE_MAX + 1) },
          'limit',
          `limit: Limit must be ${String(DIRECTORY_PAGE_MAX)} or less`,
        ],
        [{ sort: 'name' }, 'sort', 'sort: Sort must be xp_desc, xp_asc or recent'],
        [{ q: 'x'.repeat(101) }, 'q', 'q: Search must be 100 characters or less'],
      ];
      for (const [query, field, message] of refused) {
        const res = await list(query);
        const what = JSON.stringify(query);
        expect(res.statusCode, what).toBe(400);
        const body = res.json<{ code: string; field: string; message: string }>();
        expect(body, what).toMatchObject({ success: false, code: 'BAD_REQUEST', field });
        if (typeof message === 'string') expect(body.message, what).toBe(message);
        else expect(body.message, what).toMatch(message);
      }
      expect((await list({ mergedWithinDays: '365', limit: '50', minXp: '0' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('sorts and pages', () => {
    /** Every page from the first, following nextCursor. */
    async function walk(query: Record<string, string | number>, limit: number) {
      const seen: string[] = [];
      const pages: Page[] = [];
      let cursor: string | null = null;
      do {
        const current = await page({ ...query, limit, ...(cursor ? { cursor } : {}) });
        expect(current.data.length).toBeLessThanOrEqual(limit);
        pages.push(current);
        seen.push(...shown(current));
        cursor = current.nextCursor;
      } while (cursor && pages.length <= LISTED.length + 1);
      return { seen, pages };
    }

    it('sorts by XP both ways and by last activity, ties broken by id', async () => {
      for (const sort of ['xp_desc', 'xp_asc', 'recent'] as const) {
        expect(shown(await page({ sort, limit: DIRECTORY_PAGE_MAX })), sort).toEqual(
          usernames(LISTED, sort),
        );
      }
      // The ties the order has to break: three at 500 XP, three at one microsecond.
      const desc = usernames(LISTED, 'xp_desc');
      expect(desc.indexOf('cody-contrib')).toBeLessThan(desc.indexOf('cal-contrib'));
      const recent = usernames(LISTED, 'recent');
      expect(recent.indexOf('cody-contrib')).toBeGreaterThan(recent.indexOf('cleo-contrib'));
      expect(recent.indexOf('cody-contrib')).toBeGreaterThan(recent.indexOf('cora-contrib'));
    });

    it('following the cursors gives every contributor once, in order, whatever the page size', async () => {
      for (const sort of ['xp_desc', 'xp_asc', 'recent'] as const) {
        const expected = usernames(LISTED, sort);
        for (const limit of [1, 2, 3, 4, 5, 6, LISTED.length - 1, LISTED.length]) {
          const { seen, pages } = await walk({ sort }, limit);
          const what = `${sort}, limit ${String(limit)}`;
          expect(seen, what).toEqual(expected);
          expect(pages, what).toHaveLength(Math.ceil(expected.length / limit));
          expect(pages.at(-1)!.nextCursor, what).toBeNull();
          // Every page carries the stats of the whole filtered set.
          for (const p of pages) expect(p.stats.total, what).toBe(LISTED.length);
        }
      }
    });

    it('pages through a filtered set the same way', async () => {
      const active = LISTED.filter((l) => MEMBERS[l].agoUs <= ACTIVE_US);
      for (const sort of ['xp_desc', 'xp_asc', 'recent'] as const) {
        for (const limit of [1, 2, 4]) {
          const { seen, pages } = await walk({ sort, status: 'active' }, limit);
          expect(seen, `${sort}, limit ${String(limit)}`).toEqual(usernames(active, sort));
          expect(pages.at(-1)!.nextCursor).toBeNull();
        }
      }
    });

    it('a limit equal to the number of matches is one page with no next', async () => {
      const all = await page({ limit: LISTED.length });
      expect(all.data).toHaveLength(LISTED.length);
      expect(all.nextCursor).toBeNull();
      const short = await page({ limit: LISTED.length - 1 });
      expect(short.nextCursor).toEqual(expect.any(String));
    });

    it("refuses another sort's cursor, and a cursor it did not make, with a 400", async () => {
      const recentCursor = (await page({ sort: 'recent', limit: 2 })).nextCursor!;
      for (const sort of [undefined, 'xp_asc'] as const) {
        const res = await list({ cursor: recentCursor, ...(sort ? { sort } : {}) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'BAD_REQUEST',
          field: 'cursor',
          message: 'The cursor belongs to another sort order; start again from the first page',
        });
      }
      const valid = (await page({ limit: 2 })).nextCursor!;
      const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const id = idOf('amy');
      for (const cursor of [
        'not-a-cursor',
        valid.slice(0, -3),
        encoded(['xp_desc', '500']),
        encoded(['xp_desc', '500', 'not-a-uuid']),
        encoded(['xp_desc', 'five', id]),
        encoded(['xp_desc', 500, id]),
        encoded({ sort: 'xp_desc', key: '500', id }),
        encoded(['xp_desc', '500', id, 'x']),
      ]) {
        const res = await list({ cursor });
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json(), cursor).toEqual({
          success: false,
          code: 'BAD_REQUEST',
          field: 'cursor',
          message: 'Invalid cursor',
        });
      }
      expect((await list({ cursor: 'x'.repeat(201) })).statusCode).toBe(400);
    });

    it('refuses a well-formed cursor whose position is out of range with a 400, not a 500', async () => {
      const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const id = idOf('amy');
      for (const [sort, key] of [
        ['xp_desc', '99999999999'],
        ['xp_asc', '-99999999999'],
        ['recent', '99999999999999999999'],
        ['recent', '9000000000000000000'],
      ] as const) {
        const res = await list({ sort, cursor: encoded([sort, key, id]) });
        expect(res.statusCode, `${sort} ${key}`).toBe(400);
        expect(res.json(), `${sort} ${key}`).toMatchObject({
          code: 'BAD_REQUEST',
          field: 'cursor',
        });
      }
    });
  });

  describe.each([
    ['a hidden contributor', 'hal'],
    ['a contributor whose GitHub account is not proven', 'uma'],
  ] as const)('%s', (_, label) => {
    it('is absent from the list, the stats, the profile and the GitHub details', async () => {
      const all = await page({ limit: DIRECTORY_PAGE_MAX });
      expect(all.data.map((c) => c.id)).not.toContain(idOf(label));
      expect(all.stats.total).toBe(LISTED.length);
      for (const url of [
        `/api/company/contributors/${idOf(label)}`,
        `/api/company/contributors/${idOf(label)}/github`,
      ]) {
        const res = await as(app, company, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({
          success: false,
          code: 'NOT_FOUND',
          message: 'Contributor not found',
        });
      }
    });
  });
});

describe(`the default page of ${String(DIRECTORY_PAGE_SIZE)}`, () => {
  let app: TestApp;
  let company: Account;
  const COUNT = DIRECTORY_PAGE_SIZE + 5;
  beforeAll(async () => {
    app = await buildTestApp();
    company = await createUser(app, 'company');
    // Contributors with nothing but an account (no coins: no wallet, so no ledger rows), all at
    // 0 XP: the order is the id's alone.
    await app.ctx.db.execute(sql`
      with added as (
        insert into users (email, role, github_username)
        select 'page-' || i || '@example.com', 'contributor', 'page-' || i
        from generate_series(1, ${COUNT}::int) as i
        returning id, github_username)
      insert into github_accounts (user_id, github_id, login, access_token_encrypted)
      select id, 7000000 + row_number() over (), github_username, 'no-token' from added`);
  });
  afterAll(() => app.close());

  it(`gives ${String(DIRECTORY_PAGE_SIZE)} contributors and a cursor to the rest`, async () => {
    const get = async (query = '') => {
      const res = await as(app, company, 'GET', `/api/company/contributors${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const ids = rowsOf<{ id: string }>(
      await app.ctx.db.execute(
        sql`select id from users where role = 'contributor' order by xp desc, id desc`,
      ),
    ).map((r) => r.id);
    const first = await get();
    expect(first.data.map((c) => c.id)).toEqual(ids.slice(0, DIRECTORY_PAGE_SIZE));
    expect(first.stats).toEqual({ total: COUNT, active: COUNT, averageXp: 0 });
    const second = await get(`?cursor=${first.nextCursor!}`);
    expect(second.data.map((c) => c.id)).toEqual(ids.slice(DIRECTORY_PAGE_SIZE));
    expect(second.nextCursor).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// A contributor's profile and GitHub details: real stakes, merges and GitHub links.
// ---------------------------------------------------------------------------------------------

describe("a contributor's profile and GitHub details", () => {
  let app: TestApp;
  let sim: GithubSim;
  let base: string;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let company: Account;
  let octo: Account;
  let mia: Account;

  const LEDGER = { owner: 'openstake-labs', repo: 'ledger-core' };
  const feedback: MergeFeedback = {
    ratings: { codeQuality: 5, documentation: 4, testing: 3, performance: 2, security: 1 },
    tags: ['bugFix', 'docs'],
    complexity: ['multipleModules'],
    bonuses: ['meaningfulTests'],
  };
  // The stake ids of octo's work, by how it ended.
  const work = { inApp: '', onGithub: '', onGithubLedger: '', rejected: '', pending: '' };

  beforeAll(async () => {
    app = await buildTestApp({}, { clock });
    sim = app.githubSim!;
    base = await listen(app);
    company = await createUser(app, 'company');
    octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
    mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
    await linkGithub(base, octo, 'octo-dev');
    await linkGithub(base, mia, 'mia-maintainer');
    await connectRepository(app, base, mia, REPO);
    await connectRepository(app, base, mia, LEDGER);
    const engine = stakeWorld(app, sim, REPO);
    const ledger = stakeWorld(app, sim, LEDGER);

    const stakeOn = async (
      world: ReturnType<typeof stakeWorld>,
      issue: { githubId: number; number: number; stakingRequired: number },
    ) => {
      const pr = await world.openPullRequest('octo-dev', issue.number);
      const res = await as(app, octo, 'POST', '/api/contributor/stakes', {
        issueId: issue.githubId,
        prUrl: pr.url,
        // The rejection below prices the later stakes at 1.5x (decision 015).
        amount: await stakePriceOf(app, octo, issue.githubId),
      });
      expect(res.statusCode, res.body).toBe(201);
      return { pr, id: res.json<{ data: { _id: string } }>().data._id };
    };

    // Merged in OpenStake with the maintainer's feedback (a bounty issue: the bounty is paid too).
    const bountyRes = await as(app, mia, 'POST', '/api/maintainer/bounty-issues', {
      ...REPO,
      title: 'Rated work',
      body: 'Needs doing.',
      labels: [],
      assignees: [],
      milestone: null,
      stakeAmount: 10,
      bountyAmount: 30,
    });
    expect(bountyRes.statusCode, bountyRes.body).toBe(201);
    const bounty = bountyRes.json<{ data: { issueId: number; number: number } }>().data;
    const rated = await stakeOn(engine, {
      githubId: bounty.issueId,
      number: bounty.number,
      stakingRequired: 10,
    });
    work.inApp = rated.id;
    const merged = await as(
      app,
      mia,
      'POST',
      `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${String(rated.pr.number)}/merge`,
      feedback,
    );
    expect(merged.statusCode, merged.body).toBe(200);

    // Merged on GitHub: settled by the webhook, without ratings.
    for (const [world, target, key] of [
      [engine, REPO, 'onGithub'],
      [ledger, LEDGER, 'onGithubLedger'],
    ] as const) {
      const issue = await world.createIssue({ title: `Merged on GitHub (${target.repo})` });
      const staked = await stakeOn(world, issue);
      await sim.mergePullRequest({ ...target, number: staked.pr.number, by: 'mia-maintainer' });
      work[key] = staked.id;
    }
    await dispatchGithubEvents(app.ctx);

    // Closed after a review: rejected.
    const closedIssue = await engine.createIssue({ title: 'Rejected work' });
    const closed = await stakeOn(engine, closedIssue);
    await sim.reviewPullRequest({
      ...REPO,
      number: closed.pr.number,
      reviewer: 'mia-maintainer',
      state: 'CHANGES_REQUESTED',
    });
    const closeRes = await as(
      app,
      mia,
      'POST',
      `/api/maintainer/repos/${REPO_FULL_NAME}/pulls/${String(closed.pr.number)}/close`,
    );
    expect(closeRes.json()).toMatchObject({ data: { stakeOutcome: 'rejected' } });
    work.rejected = closed.id;

    // Still open: pending.
    work.pending = (await stakeOn(engine, await engine.createIssue({ title: 'Pending work' }))).id;
    // And one more, so there are six stakes and the profile shows the five newest.
    await stakeOn(ledger, await ledger.createIssue({ title: 'Newest work' }));

    const rows = await app.ctx.db.select().from(stakes).where(eq(stakes.userId, octo.user.id));
    expect(
      Object.fromEntries(rows.map((r) => [r.id, r.status])),
      'the stakes the tests below rely on',
    ).toMatchObject({
      [work.inApp]: 'accepted',
      [work.onGithub]: 'accepted',
      [work.onGithubLedger]: 'accepted',
      [work.rejected]: 'rejected',
      [work.pending]: 'pending',
    });
  });
  afterAll(() => app.close());

  const profileOf = async (who: Account) => {
    const res = await as(app, company, 'GET', `/api/company/contributors/${who.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: DirectoryProfile }>().data;
  };
  const githubOf = async (who: Account) => {
    const res = await as(app, company, 'GET', `/api/company/contributors/${who.user.id}/github`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: DirectoryGithub }>().data;
  };
  const userRow = async (id: string) =>
    (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  describe('the profile', () => {
    it('of a contributor who just signed up: 100 coins, no work, the defaults of privacy', async () => {
      const fresh = await createUser(app, 'contributor');
      await proveGithub(app, fresh);
      const row = await userRow(fresh.user.id);
      expect(await profileOf(fresh)).toEqual({
        id: fresh.user.id,
        githubUsername: fresh.user.githubUsername!,
        name: null,
        rank: 'Code Novice',
        xp: 0,
        repositories: 0,
        xpMaintainers: 0,
        xpRepositories: 0,
        languages: [],
        isActive: true,
        lastActiveAt: row.lastActiveAt.toISOString(),
        email: null,
        // The test's accounts confirmed their address (factories.ts).
        emailVerified: true,
        bio: null,
        joinedAt: row.createdAt.toISOString(),
        coins: 100,
        weeklyCoinsEarned: 0,
        contactable: true,
        githubUrl: `${sim.webUrl}/${fresh.user.githubUsername!}`,
        recentStakes: [],
        verifiedWork: [],
      } satisfies DirectoryProfile);
    });

    it('shows the name, bio, email and contact choice the contributor made', async () => {
      const ana = await createUser(app, 'contributor');
      await proveGithub(app, ana);
      await setName(app, ana, '  Ana Lyst ', 'Writes <b>tests</b>.');
      expect(await profileOf(ana)).toMatchObject({
        name: 'Ana Lyst',
        bio: 'Writes <b>tests</b>.',
        email: null,
        contactable: true,
      });
      await setPrivacy(app, ana, { emailVisibleToCompanies: true });
      expect(await profileOf(ana)).toMatchObject({ email: ana.email, contactable: true });
      await setPrivacy(app, ana, { emailVisibleToCompanies: true, companiesMayContact: false });
      expect(await profileOf(ana)).toMatchObject({
        email: ana.email,
        contactable: false,
        name: 'Ana Lyst',
      });
      await setPrivacy(app, ana, { listedInDirectory: false });
      const hidden = await as(app, company, 'GET', `/api/company/contributors/${ana.user.id}`);
      expect(hidden.statusCode).toBe(404);
    });

    it('answers 404 for an unknown id and for someone who is not a contributor, 400 for a malformed one', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', mia.user.id, company.user.id]) {
        const res = await as(app, company, 'GET', `/api/company/contributors/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toMatchObject({ message: 'Contributor not found' });
      }
      const bad = await as(app, company, 'GET', '/api/company/contributors/not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'userId' });
    });

    it("shows rank, XP, coins and the five newest stakes from OpenStake's records", async () => {
      const profile = await profileOf(octo);
      const row = await userRow(octo.user.id);
      expect(profile).toMatchObject({
        id: octo.user.id,
        githubUsername: 'octo-dev',
        xp: row.xp,
        rank: rankForXp(row.xp),
        isActive: true,
        coins: await getBalance(app.ctx.db, walletOf(octo.user.id)),
        githubUrl: `${sim.webUrl}/octo-dev`,
      });
      expect(row.xp).toBeGreaterThan(0);
      // Newest first as the database orders them (to the microsecond), then by id.
      const newest = rowsOf<{ id: string }>(
        await app.ctx.db.execute(sql`select id from stakes where user_id = ${octo.user.id}
          order by created_at desc, id desc`),
      ).map((r) => r.id);
      expect(newest).toHaveLength(6);
      expect(profile.recentStakes.map((s) => s.id)).toEqual(newest.slice(0, 5));
      const rejected = profile.recentStakes.find((s) => s.id === work.rejected)!;
      expect(rejected).toMatchObject({
        status: 'rejected',
        repository: REPO_FULL_NAME,
        issueTitle: 'Rejected work',
      });
      expect(rejected.prUrl).toMatch(/\/openstake-labs\/stake-engine\/pull\/\d+$/);
      // What it lost, so the list says '-1 coin' rather than only 'Rejected'.
      const [rejectedRow] = await app.ctx.db
        .select()
        .from(stakes)
        .where(eq(stakes.id, work.rejected));
      expect(rejected.coinsLost).toBeGreaterThan(0);
      expect(rejected.coinsLost).toBe(rejectedRow!.coinsLost);
    });

    it('keeps the verified work to accepted stakes, with the ratings and tags of an in-app merge', async () => {
      const profile = await profileOf(octo);
      // Latest merge first, as the database orders them.
      const accepted = await app.ctx.db
        .select()
        .from(stakes)
        .where(and(eq(stakes.userId, octo.user.id), eq(stakes.status, 'accepted')))
        .orderBy(desc(stakes.settledAt));
      expect(accepted.map((s) => s.id).sort()).toEqual(
        [work.inApp, work.onGithub, work.onGithubLedger].sort(),
      );
      expect(profile.verifiedWork).toEqual(
        accepted.map((s) => ({
          stakeId: s.id,
          repository: s.repositoryFullName,
          prNumber: s.prNumber,
          prUrl: s.prUrl,
          issueTitle:
            s.id === work.inApp
              ? 'Rated work'
              : s.id === work.onGithub
                ? 'Merged on GitHub (stake-engine)'
                : 'Merged on GitHub (ledger-core)',
          mergedAt: s.settledAt!.toISOString(),
          xpEarned: s.xpEarned,
          coinsEarned: s.coinsEarned,
          // mia merged every one, in OpenStake or on GitHub: her login is on each.
          mergedBy: 'mia-maintainer',
          feedback: s.id === work.inApp ? { ratings: feedback.ratings, tags: feedback.tags } : null,
        })),
      );
      for (const w of profile.verifiedWork) {
        expect(w.prUrl).toBe(`${sim.webUrl}/${w.repository}/pull/${String(w.prNumber)}`);
        expect(w.xpEarned).toBeGreaterThan(0);
      }
      // Two repositories: stake-engine (twice) and ledger-core.
      expect(profile.repositories).toBe(2);
    });

    it('counts the coins earned (merge rewards and bounties) in the last 7 days only', async () => {
      const accepted = (
        await app.ctx.db.select().from(stakes).where(eq(stakes.userId, octo.user.id))
      ).filter((s) => s.status === 'accepted');
      const earned = (ids: string[]) =>
        accepted.filter((s) => ids.includes(s.id)).reduce((sum, s) => sum + s.coinsEarned, 0);
      const all = [work.inApp, work.onGithub, work.onGithubLedger];
      // Returned stakes, the sign-up grant and the rejected stake's refund are no earnings.
      expect((await profileOf(octo)).weeklyCoinsEarned).toBe(earned(all));
      expect(earned([work.inApp])).toBeGreaterThan(30); // the reward and the 30-coin bounty

      const earnedAt = (stakeId: string, at: string) =>
        app.ctx.db.execute(sql`update transfers set created_at = ${at}::timestamptz
          where reference = ${stakeId} and kind in ('merge_reward', 'bounty_payout')`);
      const now = clock.now().getTime();
      const week = 7 * 86_400_000;
      await earnedAt(work.inApp, new Date(now - week + 60_000).toISOString());
      await earnedAt(work.onGithub, new Date(now - week - 60_000).toISOString());
      expect((await profileOf(octo)).weeklyCoinsEarned).toBe(
        earned([work.inApp, work.onGithubLedger]),
      );
    });

    it('shows the top 3 languages of the analysis, in order', async () => {
      const res = await as(app, octo, 'POST', '/api/contributor/analyze-repositories');
      expect(res.statusCode, res.body).toBe(200);
      const { topLanguages } = res.json<{ data: { topLanguages: string[] } }>().data;
      expect(topLanguages).toEqual(expect.arrayContaining(['Go', 'TypeScript']));
      const profile = await profileOf(octo);
      expect(profile.languages).toEqual(topLanguages.slice(0, 3));
      const listed = await as(app, company, 'GET', '/api/company/contributors?language=go');
      expect(listed.json<Page>().data.map((c) => c.id)).toEqual([octo.user.id]);
    });
  });

  describe('the GitHub details', () => {
    let simOcto: Octokit;
    beforeAll(() => {
      const quiet = () => undefined;
      simOcto = new Octokit({
        baseUrl: sim.apiUrl,
        auth: sim.tokenFor('octo-dev'),
        // The failures below are expected: no request log on the console.
        log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
      });
    });

    it("of a linked contributor: GitHub's profile and public repositories", async () => {
      const details = await githubOf(octo);
      const { data: user } = await simOcto.rest.users.getByUsername({ username: 'octo-dev' });
      expect(details).toEqual({
        available: true,
        profile: {
          avatarUrl: user.avatar_url,
          name: user.name ?? null,
          bio: user.bio ?? null,
          location: user.location ?? null,
          followers: user.followers,
          publicRepos: user.public_repos,
        },
        repositories: expect.any(Array),
      });
      if (!details.available) throw new Error('unreachable');
      expect(details.repositories.map((r) => [r.fullName, r.language]).sort()).toEqual([
        ['octo-dev/octo-cli', 'Go'],
        ['octo-dev/ts-utils', 'TypeScript'],
      ]);
      for (const r of details.repositories) {
        expect(r.htmlUrl).toBe(`${sim.webUrl}/${r.fullName}`);
      }
    });

    it('comes from the cache for 10 minutes: GitHub is not asked again', async () => {
      offsetMs += GITHUB_DETAILS_CACHE_MS; // a fresh cache entry from here
      const first = await githubOf(octo);
      expect(first.available).toBe(true);
      // Were GitHub asked for the profile again, this failure would answer.
      sim.failNext({ method: 'GET', pathPattern: '/users/octo-dev', status: 403 });
      offsetMs += GITHUB_DETAILS_CACHE_MS - 1000;
      expect(await githubOf(octo)).toEqual(first);
      // The failure is still waiting: the server did not call GitHub.
      await expect(
        simOcto.rest.users.getByUsername({ username: 'octo-dev' }),
      ).rejects.toMatchObject({
        status: 403,
      });
    });

    it('asks GitHub again after 10 minutes; a failure answers available false and is not cached', async () => {
      const cached = await githubOf(octo);
      offsetMs += GITHUB_DETAILS_CACHE_MS;
      // GitHub down for the first try and both retries.
      sim.failNext({ method: 'GET', pathPattern: '/users/octo-dev', status: 503, times: 3 });
      expect(await githubOf(octo)).toEqual({
        available: false,
        reason: 'GitHub is unavailable right now. Try again in a few minutes.',
      });
      expect(await githubOf(octo)).toEqual(cached);
      // Every injected failure was used: none is left for the calls above to have missed.
      await expect(
        simOcto.rest.users.getByUsername({ username: 'octo-dev' }),
      ).resolves.toBeTruthy();
    });

    it('of a contributor who has not linked GitHub is a 404: they are not in the directory', async () => {
      const unlinked = await createUser(app, 'contributor');
      const res = await as(
        app,
        company,
        'GET',
        `/api/company/contributors/${unlinked.user.id}/github`,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Contributor not found' });
    });

    it('says why when GitHub no longer accepts the connection', async () => {
      const sam = await createUser(app, 'contributor', { githubUsername: 'sam-rustacean' });
      await linkGithub(base, sam, 'sam-rustacean');
      await app.ctx.db
        .update(githubAccounts)
        .set({ accessTokenEncrypted: encryptSecret(app.ctx.secrets.encryptionKey, 'gho_revoked') })
        .where(eq(githubAccounts.userId, sam.user.id));
      expect(await githubOf(sam)).toEqual({
        available: false,
        reason: "GitHub no longer accepts this contributor's connection.",
      });
    });

    it('of a contributor who hides is a 404, even when it is cached', async () => {
      const nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
      await linkGithub(base, nia, 'newbie-nia');
      expect((await githubOf(nia)).available).toBe(true);
      await setPrivacy(app, nia, { listedInDirectory: false });
      const res = await as(app, company, 'GET', `/api/company/contributors/${nia.user.id}/github`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Contributor not found' });
      await setPrivacy(app, nia, {});
      expect((await githubOf(nia)).available).toBe(true);
    });
  });

  describe('last activity', () => {
    it('signing in marks the contributor active; the directory shows when', async () => {
      const lou = await createUser(app, 'contributor');
      await proveGithub(app, lou);
      offsetMs += 60 * 60_000;
      const signedInAt = clock.now();
      const res = await app.server.inject({
        method: 'POST',
        url: '/login',
        payload: {
          role: 'contributor',
          email: lou.email,
          password: lou.password,
          githubUsername: lou.user.githubUsername,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await userRow(lou.user.id);
      expect(row.lastActiveAt.getTime()).toBeGreaterThanOrEqual(signedInAt.getTime());
      expect(row.lastActiveAt.getTime()).toBeLessThanOrEqual(clock.now().getTime());
      expect((await profileOf(lou)).lastActiveAt).toBe(row.lastActiveAt.toISOString());
      const listed = await as(
        app,
        company,
        'GET',
        `/api/company/contributors?q=${lou.user.githubUsername!}&sort=recent`,
      );
      expect(listed.json<Page>().data).toEqual([
        expect.objectContaining({ id: lou.user.id, lastActiveAt: row.lastActiveAt.toISOString() }),
      ]);
    });

    it('using a session marks the contributor active too, at most every few minutes', async () => {
      const kim = await createUser(app, 'contributor');
      await proveGithub(app, kim);
      const before = (await userRow(kim.user.id)).lastActiveAt.getTime();
      offsetMs += 60_000;
      await as(app, kim, 'GET', '/api/contributor/privacy');
      expect((await userRow(kim.user.id)).lastActiveAt.getTime()).toBe(before);
      offsetMs += 5 * 60_000;
      const usedAt = clock.now().getTime();
      await as(app, kim, 'GET', '/api/contributor/privacy');
      const after = (await userRow(kim.user.id)).lastActiveAt.getTime();
      expect(after).toBeGreaterThanOrEqual(usedAt);
      expect(after).toBeLessThanOrEqual(clock.now().getTime());
      expect((await profileOf(kim)).lastActiveAt).toBe(new Date(after).toISOString());
    });
  });
});
