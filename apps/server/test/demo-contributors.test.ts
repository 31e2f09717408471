import {
  ACTIVE_WITHIN_DAYS,
  RANK_NAMES,
  rankForXp,
  RATING_CRITERION_IDS,
  stakeDeduction,
  type MergeFeedback,
} from '@openstake/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTRIBUTORS } from '../src/modules/demo/demo-contributors';
import { FIRST_DEMO_PULL_REQUEST } from '../src/modules/demo/plan-demo-work';
import { seedDemo } from '../src/modules/demo/seed-demo';
import { githubAccessOf } from '../src/modules/github/github-account';
import { expireStakes } from '../src/modules/stakes/expire-stakes';
import { pollPullRequests } from '../src/modules/stakes/poll-pull-requests';
import { createUser } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { expectBalancedLedger } from './helpers/ledger';
import { buildTestApp, type TestApp } from './helpers/test-app';
import { rowsOf } from '../src/db/database';

let app: TestApp;
let base: string;
let stopped: Seeded;
let firstRun: Seeded;
beforeAll(async () => {
  app = await buildTestApp();
  base = await listen(app);
  // A start stopped at once (the server shut down), then the next start.
  stopped = await seed(app, AbortSignal.abort());
  firstRun = await seed(app);
});
afterAll(() => app.close());

type Seeded = { maintainers: unknown; contributors: { contributors: number; created: number } };

async function seed(on: TestApp, signal?: AbortSignal): Promise<Seeded> {
  const demo = await seedDemo(on.ctx, {
    sim: on.githubSim,
    webhookUrl: `${base}/api/github/webhooks`,
    signal,
  });
  if (!demo) throw new Error('the demo was not seeded');
  return { maintainers: demo.maintainers, contributors: await demo.contributors };
}

const query = async <T>(statement: ReturnType<typeof sql>): Promise<T[]> =>
  rowsOf<T>(await app.ctx.db.execute(statement));

interface Contributor {
  id: string;
  github_username: string;
  email: string;
  xp: number;
  created_at: string;
  last_active_at: string;
  listed: boolean | null;
  email_visible: boolean | null;
  contactable: boolean | null;
  name: string | null;
  linked_login: string | null;
  languages: string[];
}

const contributors = () =>
  query<Contributor>(sql`
    select u.id, u.github_username, u.email, u.xp, u.created_at::text, u.last_active_at::text,
      p.listed_in_directory as listed, p.email_visible_to_companies as email_visible,
      p.companies_may_contact as contactable, p.name, g.login as linked_login,
      coalesce((select array_agg(l.language order by l.position) from contributor_languages l
        where l.user_id = u.id), '{}') as languages
    from users u
    left join contributor_profiles p on p.user_id = u.id
    left join github_accounts g on g.user_id = u.id
    where u.role = 'contributor'
  `);

/** Rows of every table the seed writes, to compare two runs. */
const tableCounts = () =>
  query<Record<string, string>>(sql`
    select (select count(*) from users) as users,
      (select count(*) from contributor_profiles) as profiles,
      (select count(*) from contributor_languages) as languages,
      (select count(*) from repository_analyses) as analyses,
      (select count(*) from github_accounts) as github_accounts,
      (select count(*) from stakes) as stakes,
      (select count(*) from merged_pull_requests) as merged,
      (select count(*) from accounts) as accounts,
      (select count(*) from transfers) as transfers,
      (select count(*) from xp_events) as xp_events,
      (select sum(xp) from users) as xp
  `);

describe('the demo contributors', () => {
  it('are at least 60, with varied names, languages, every rank and most of them listed', async () => {
    expect(stopped.contributors).toEqual({ contributors: DEMO_CONTRIBUTORS.length, created: 0 });
    expect(firstRun.contributors).toEqual({ contributors: DEMO_CONTRIBUTORS.length, created: 60 });
    const all = await contributors();
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((c) => c.github_username)).size).toBe(all.length);
    expect(new Set(all.map((c) => c.name)).size).toBeGreaterThan(50);
    expect(all.every((c) => c.languages.length >= 1 && c.languages.length <= 4)).toBe(true);
    const languages = new Set(all.flatMap((c) => c.languages));
    expect(languages.size).toBeGreaterThanOrEqual(12);
    expect([...languages]).toEqual(
      expect.arrayContaining(['TypeScript', 'Python', 'Go', 'Rust', 'Java', 'Kotlin']),
    );
    expect(new Set(all.map((c) => rankForXp(c.xp)))).toEqual(new Set(RANK_NAMES));

    const listed = all.filter((c) => c.listed);
    expect(all.length - listed.length).toBeGreaterThanOrEqual(1);
    expect(all.length - listed.length).toBeLessThanOrEqual(2);
    expect(all.filter((c) => c.email_visible).length).toBeGreaterThanOrEqual(10);
    const notContactable = all.filter((c) => c.contactable === false).length;
    expect(notContactable).toBeGreaterThanOrEqual(2);
    expect(notContactable).toBeLessThanOrEqual(8);
  });

  it('were active over the last 90 days, after they joined', async () => {
    const now = Date.now();
    const daysAgo = (iso: string) => (now - Date.parse(iso)) / 86_400_000;
    const all = await contributors();
    for (const c of all) {
      expect(daysAgo(c.last_active_at)).toBeGreaterThan(0);
      expect(daysAgo(c.last_active_at)).toBeLessThan(90);
      expect(Date.parse(c.created_at)).toBeLessThan(Date.parse(c.last_active_at));
    }
    const active = all.filter((c) => daysAgo(c.last_active_at) <= ACTIVE_WITHIN_DAYS).length;
    expect(active).toBeGreaterThan(all.length / 4);
    expect(active).toBeLessThan(all.length);
  });

  it('every one is linked to their own account on the simulator: their login is proven', async () => {
    const all = await contributors();
    expect(all.map((c) => c.linked_login).sort()).toEqual(
      DEMO_CONTRIBUTORS.map((c) => c.githubUsername).sort(),
    );
    for (const c of all) {
      expect(c.github_username).toBe(c.linked_login);
      const access = await githubAccessOf(c.id, app.ctx);
      expect((await app.ctx.github.authenticatedUser(access!.token)).login).toBe(c.linked_login);
    }
    // The made-up ones: the accounts the demo added, with the email the cast gives them.
    for (const cast of DEMO_CONTRIBUTORS.filter((c) => c.account === 'added')) {
      expect(all.find((c) => c.github_username === cast.githubUsername)?.email).toBe(cast.email);
    }
  });

  it('earned their XP and coins through stakes, merges and the ledger', async () => {
    await expectBalancedLedger(app.ctx.db);
    // users.xp is the sum of the user's XP events, each a merge reward or the starting XP.
    expect(
      await query(sql`
        select u.id from users u
        where u.xp <> coalesce((select sum(amount) from xp_events e where e.user_id = u.id), 0)
      `),
    ).toEqual([]);
    expect(
      (await query<{ kind: string }>(sql`select distinct kind from xp_events order by kind`)).map(
        (r) => r.kind,
      ),
    ).toEqual(['merge_reward', 'starting_xp']);
    const statuses = await query<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from stakes group by status`,
    );
    const byStatus = Object.fromEntries(statuses.map((r) => [r.status, r.n]));
    expect(byStatus.accepted).toBeGreaterThan(100);
    expect(byStatus.rejected).toBeGreaterThanOrEqual(3);
    expect(byStatus.expired).toBeGreaterThanOrEqual(3);
    expect(byStatus.pending).toBeGreaterThanOrEqual(2);
    // Rejected stakes lost their deduction (core's rule), accepted ones earned a reward.
    const rejected = await query<{
      id: string;
      amount: number;
      deduction_percent: number;
      coins_lost: number;
    }>(sql`select id, amount, deduction_percent, coins_lost from stakes where status = 'rejected'`);
    expect(
      rejected.filter((s) => s.coins_lost !== stakeDeduction(s.amount, s.deduction_percent)),
    ).toEqual([]);
    expect(
      await query(sql`
        select s.id from stakes s where s.status = 'accepted' and (s.xp_earned = 0
          or not exists (select 1 from transfers t where t.reference = s.id::text
            and t.kind = 'merge_reward' and t.amount = s.coins_earned))
      `),
    ).toEqual([]);
    // Every stake's pull request is the seed's own (never one the simulator will open later).
    expect(
      await query(sql`select id from stakes where pr_number < ${FIRST_DEMO_PULL_REQUEST}`),
    ).toEqual([]);
    // Their confirmed addresses were mailed nothing about that history (decision 018).
    expect(await query(sql`select kind from mail_outbox where kind = 'stake-settled'`)).toEqual([]);
  });

  it('have merged work with the maintainer’s five ratings and tags', async () => {
    const merged = await query<{ feedback: MergeFeedback; xp: number; staked: boolean }>(sql`
      select m.feedback, m.xp, exists (select 1 from stakes s where s.status = 'accepted'
        and s.repository_full_name = m.repository_full_name and s.pr_number = m.pr_number) as staked
      from merged_pull_requests m
    `);
    expect(merged.filter((m) => m.staked).length).toBeGreaterThan(100);
    for (const { feedback } of merged) {
      expect(Object.keys(feedback.ratings).sort()).toEqual([...RATING_CRITERION_IDS].sort());
      expect(feedback.tags.length).toBeGreaterThan(0);
    }
    // Some accepted stakes were merged on GitHub, without feedback.
    const withoutFeedback = await query(sql`
      select s.id from stakes s where s.status = 'accepted' and not exists (
        select 1 from merged_pull_requests m
        where m.repository_full_name = s.repository_full_name and m.pr_number = s.pr_number)
    `);
    expect(withoutFeedback.length).toBeGreaterThan(5);
  });

  it('fill the company directory at once: every rank, languages, recent merges, verified work', async () => {
    const company = await createUser(app, 'company');
    const get = async <T>(url: string): Promise<T> => {
      const res = await app.server.inject({
        method: 'GET',
        url: `/api/company/contributors${url}`,
        headers: { authorization: `Bearer ${company.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    const total = async (query: string) =>
      (await get<{ stats: { total: number } }>(`?${query}`)).stats.total;
    const hidden = DEMO_CONTRIBUTORS.filter((c) => !c.listedInDirectory).length;
    expect(await total('')).toBe(DEMO_CONTRIBUTORS.length - hidden);
    for (const rank of RANK_NAMES)
      expect(await total(`rank=${encodeURIComponent(rank)}`)).toBeGreaterThan(0);
    for (const filter of [
      'status=active',
      'status=inactive',
      'language=Python',
      'mergedWithinDays=30',
    ]) {
      expect(await total(filter)).toBeGreaterThan(0);
    }
    const page = await get<{ data: { id: string; githubUsername: string }[] }>('?limit=50');
    const legend = page.data.find((c) => c.githubUsername === 'cpp-carlos')!;
    const profile = await get<{
      data: { verifiedWork: { feedback: unknown }[]; recentStakes: { status: string }[] };
    }>(`/${legend.id}`);
    expect(profile.data.verifiedWork.some((w) => w.feedback !== null)).toBe(true);
    expect(profile.data.recentStakes.map((s) => s.status)).toContain('pending');
    // Every contributor's GitHub profile is shown: the simulator's users' and the added ones'.
    const github = await get<{ data: { available: boolean } }>(`/${legend.id}/github`);
    expect(github.data.available).toBe(true);
    const novice = page.data.find(
      (c) =>
        DEMO_CONTRIBUTORS.find((d) => d.githubUsername === c.githubUsername)?.account === 'added',
    )!;
    const addedGithub = await get<{ data: { available: boolean; profile?: { name: string } } }>(
      `/${novice.id}/github`,
    );
    expect(addedGithub.data.available).toBe(true);
  });

  it('never stake on a repository they may push to', async () => {
    for (const contributor of DEMO_CONTRIBUTORS.filter((c) => c.canPushTo.length > 0)) {
      expect(
        await query(sql`
          select s.id from stakes s join users u on u.id = s.user_id
          where u.github_username = ${contributor.githubUsername}
            and s.repository_full_name = any(${`{${contributor.canPushTo.join(',')}}`}::text[])
        `),
      ).toEqual([]);
    }
  });

  it('keep their pending stakes through the poll and the expiry job, which log no warning', async () => {
    const logged = app.logs.length;
    expect(await pollPullRequests(app.ctx)).toBe(0);
    expect(await expireStakes(app.ctx)).toBe(0);
    expect(app.logs.slice(logged).filter((l) => l.level >= 40)).toEqual([]);
  });

  it('are seeded once: the next start adds nothing and keeps the linked accounts usable', async () => {
    const tokens = () =>
      query<{ login: string; token: string }>(sql`
        select g.login, g.access_token_encrypted as token from github_accounts g
        join users u on u.id = g.user_id where u.role = 'contributor' order by g.login
      `);
    const before = await tableCounts();
    const tokensBefore = await tokens();
    const next = await seed(app);
    expect(next.contributors).toEqual({ contributors: DEMO_CONTRIBUTORS.length, created: 0 });
    expect(await tableCounts()).toEqual(before);
    // The simulator, which lives in memory, issued new tokens for this start: they are kept.
    const tokensAfter = await tokens();
    expect(tokensAfter.map((t) => t.login)).toEqual(tokensBefore.map((t) => t.login));
    tokensAfter.forEach((t, i) => expect(t.token).not.toBe(tokensBefore[i]?.token));
    await expectBalancedLedger(app.ctx.db);
  });

  it('a demo seeded before the made-up contributors had GitHub accounts links them at the next start', async () => {
    const added = DEMO_CONTRIBUTORS.filter((c) => c.account === 'added').map(
      (c) => c.githubUsername,
    );
    const before = await tableCounts();
    // As an older demo left them: their users, history and XP, but no GitHub link.
    await app.ctx.db.execute(sql`delete from github_accounts
      where login = any(${`{${added.join(',')}}`}::text[])`);
    expect((await contributors()).filter((c) => !c.linked_login)).toHaveLength(added.length);
    const next = await seed(app);
    expect(next.contributors).toEqual({ contributors: DEMO_CONTRIBUTORS.length, created: 0 });
    // Linked again, each to their own account; nothing else written, no XP granted.
    expect(await tableCounts()).toEqual(before);
    for (const c of await contributors()) expect(c.linked_login).toBe(c.github_username);
    await expectBalancedLedger(app.ctx.db);
  });
});

describe('with visitors who came first', () => {
  it('leaves out the contributors whose email or GitHub account a visitor already has', async () => {
    const other = await buildTestApp();
    try {
      const otherBase = await listen(other);
      // One signed up with a seeded contributor's email, one with a simulator user's email (so
      // that contributor's sign-up fails inside the seed), one linked a simulator user.
      const invented = DEMO_CONTRIBUTORS.find((c) => c.account === 'added')!;
      const register = async (email: string, githubUsername: string) => {
        const res = await other.server.inject({
          method: 'POST',
          url: '/register',
          payload: { role: 'contributor', email, password: 'a-good-password', githubUsername },
        });
        expect(res.statusCode, res.body).toBe(201);
      };
      await register(invented.email!, 'someone-else');
      await register('tess.tester@example.com', 'tess-lookalike');
      const visitor = await createUser(other, 'contributor', { githubUsername: 'rita-reader' });
      await linkGithub(otherBase, visitor, 'rita-reader');

      const demo = await seedDemo(other.ctx, {
        sim: other.githubSim,
        webhookUrl: `${otherBase}/api/github/webhooks`,
      });
      expect(await demo!.contributors).toEqual({
        contributors: DEMO_CONTRIBUTORS.length,
        created: DEMO_CONTRIBUTORS.length - 3,
      });
      const rows = rowsOf<{ email: string; github_username: string }>(
        await other.ctx.db.execute(
          sql`select email, github_username from users where role = 'contributor'`,
        ),
      );
      expect(rows.filter((r) => r.github_username === 'tess-tester')).toEqual([]);
      expect(rows.filter((r) => r.github_username === 'rita-reader')).toHaveLength(1);
      expect(rows.filter((r) => r.email === invented.email)).toEqual([
        { email: invented.email, github_username: 'someone-else' },
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('with SEED_DEMO=false', () => {
  it('nothing is seeded', async () => {
    const off = await buildTestApp({ SEED_DEMO: 'false' });
    try {
      expect(
        await seedDemo(off.ctx, { sim: off.githubSim, webhookUrl: 'http://127.0.0.1:9/hooks' }),
      ).toBeNull();
      expect(rowsOf(await off.ctx.db.execute(sql`select id from users`))).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
