import { randomUUID } from 'node:crypto';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryQueries } from '../src/modules/directory/list-contributors';
import { bountyIssuesWithStakeCounts, stakesPageQuery } from '../src/modules/stakes/stake-store';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * Issue 10, "growth": the lists read through indexes, so they cost the same whether the stakes
 * table holds a thousand rows or a million. PostgreSQL only: the planner decides from the table
 * statistics, so the table is filled well past the size where a sequential scan would be cheaper
 * for a small table, and analyzed, as autovacuum would.
 */

const CONTRIBUTORS = 200;
const ISSUES = 2_000;
const STAKES = 50_000;
const BOUNTY_ISSUES = 20;
const REPOSITORY = 'openstake-labs/plans';

let app: TestApp;
let maintainerId: string;
let contributorId: string;

beforeAll(async () => {
  app = await buildTestApp();
  const db = app.ctx.db;
  // No coins move: the stakes are expired (their coins went back) and the bounties were
  // refunded, so the ledger holds nothing for them.
  await db.execute(sql`
    insert into users (email, role, github_username)
    select 'plans-' || i || '@example.com', 'contributor', 'plans-' || i
    from generate_series(1, ${CONTRIBUTORS}::int) as i
  `);
  const [maintainer] = (
    (await db.execute(sql`
      insert into users (email, role, github_username)
      values ('plans-maintainer@example.com', 'maintainer', 'plans-maintainer')
      returning id
    `)) as unknown as { rows: { id: string }[] }
  ).rows;
  maintainerId = maintainer!.id;
  await db.execute(sql`
    insert into tracked_issues (github_id, repository_full_name, number, title, state, author_login,
      html_url, difficulty, staking_required, xp_reward, repository, github_created_at,
      github_updated_at)
    select 9000000 + i, ${REPOSITORY}, i, 'Issue ' || i, 'open', 'plans-maintainer',
      'https://github.com/' || ${REPOSITORY} || '/issues/' || i, 'beginner', 5, 50,
      '{"description": null, "language": null, "stargazersCount": 0, "htmlUrl": "https://github.com/openstake-labs/plans"}'::jsonb,
      now(), now()
    from generate_series(1, ${ISSUES}::int) as i
  `);
  await db.execute(sql`
    insert into bounty_issues (issue_github_id, created_by, bounty_amount, stake_amount, fee, refunded_at)
    select 9000000 + i, ${maintainerId}, 50, 5, 0, now()
    from generate_series(1, ${BOUNTY_ISSUES}::int) as i
  `);
  await db.execute(sql`
    with contributors as (
      select array_agg(id order by email) as ids from users where role = 'contributor'
    )
    insert into stakes (user_id, issue_github_id, repository_full_name, pr_number, pr_url, amount,
      deduction_percent, status, settled_by, created_at, settled_at)
    select contributors.ids[1 + i % ${CONTRIBUTORS}::int], 9000001 + i % ${ISSUES}::int,
      ${REPOSITORY}, i, 'https://github.com/' || ${REPOSITORY} || '/pull/' || i, 5, 10, 'expired',
      'expiry', now() - i * interval '1 minute', now()
    from generate_series(1, ${STAKES}::int) as i, contributors
  `);
  await db.execute(sql`analyze`);
  const [contributor] = (
    (await db.execute(
      sql`select id from users where email = 'plans-1@example.com'`,
    )) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  contributorId = contributor!.id;
});
afterAll(() => app.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of the query's plan, as PostgreSQL would run it with these parameters. */
async function planOf(query: SQLWrapper): Promise<PlanNode[]> {
  return nodesOf(await app.ctx.db.execute(sql`explain (format json) ${query}`));
}

/**
 * The plan of a query with placeholders as the server runs it: prepared in PostgreSQL, then
 * executed with `values` in the order its SQL numbers them.
 */
async function planOfPrepared(query: { toSQL(): { sql: string } }, values: unknown[]) {
  const literal = (v: unknown) =>
    typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  return app.ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare planned as ${query.toSQL().sql}`));
    const plan = await tx.execute(
      sql.raw(`explain (format json) execute planned(${values.map(literal).join(', ')})`),
    );
    await tx.execute(sql.raw('deallocate planned'));
    return nodesOf(plan);
  });
}

function nodesOf(explained: unknown): PlanNode[] {
  const result = explained as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] };
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(result.rows[0]!['QUERY PLAN'][0].Plan);
  return nodes;
}

/**
 * How the plan reads the stakes table: its sequential scans (none wanted) and the indexes it uses
 * (by an index scan, an index-only scan or a bitmap of the index).
 */
function stakesReads(nodes: PlanNode[]) {
  return {
    sequentialScans: nodes.filter(
      (n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'stakes',
    ).length,
    indexes: [
      ...new Set(
        nodes.flatMap((n) => (n['Index Name']?.startsWith('stakes_') ? [n['Index Name']] : [])),
      ),
    ],
  };
}

describe(`with ${String(STAKES)} stakes in the table`, () => {
  it("the bounty list counts each bounty issue's stakes through the issue index, never scanning all stakes", async () => {
    expect(
      stakesReads(await planOf(bountyIssuesWithStakeCounts(app.ctx.db, maintainerId))),
    ).toEqual({
      sequentialScans: 0,
      indexes: ['stakes_issue_idx'],
    });
  });

  it("the stakes list reads a page of the contributor's stakes through their index, the first page and a later one", async () => {
    const first = await planOfPrepared(stakesPageQuery(app.ctx.db, false), [contributorId, 21]);
    const later = await planOfPrepared(stakesPageQuery(app.ctx.db, true), [
      contributorId,
      String((Date.now() - 86_400_000) * 1000),
      randomUUID(),
      21,
    ]);
    for (const plan of [first, later]) {
      expect(stakesReads(plan)).toEqual({
        sequentialScans: 0,
        indexes: ['stakes_user_created_idx'],
      });
    }
  });
});

/*
 * Issue 11: the hire directory's page reads contributors through its indexes, whatever the
 * filters, with enough contributors that scanning them all would be the planner's other choice.
 */
const DIRECTORY_CONTRIBUTORS = 20_000;

describe(`the hire directory, with ${String(DIRECTORY_CONTRIBUTORS)} contributors`, () => {
  const now = new Date();
  beforeAll(async () => {
    const db = app.ctx.db;
    // XP written with its xp_events row, as grants write it; languages as analyses write them;
    // one merged (accepted, coinless) stake for every 50th contributor.
    await db.execute(sql`
      with added as (
        insert into users (email, role, github_username, xp, last_active_at)
        select 'dir-' || i || '@example.com', 'contributor', 'dir-' || md5(i::text), (i * 7919) % 6000,
          now() - (i % 120) * interval '1 day'
        from generate_series(1, ${DIRECTORY_CONTRIBUTORS}::int) as i
        returning id, xp, github_username
      ),
      xp as (
        insert into xp_events (user_id, amount, kind, reference, idempotency_key)
        select id, xp, 'test', 'indexes', 'indexes:' || id from added where xp > 0
      ),
      profiles as (
        insert into contributor_profiles (user_id, name)
        select id, 'Dev ' || github_username from added
      ),
      -- Proven on GitHub, as only those are listed: the login is the username they signed up with.
      proven as (
        insert into github_accounts (user_id, github_id, login, access_token_encrypted)
        select id, 8000000 + row_number() over (), github_username, 'no-token' from added
      )
      insert into contributor_languages (user_id, language, position)
      select id, (array['TypeScript', 'Go', 'Rust', 'Python', 'Haskell'])[1 + abs(hashtext(id::text)) % 5], 0
      from added
    `);
    await db.execute(sql`
      insert into stakes (user_id, issue_github_id, repository_full_name, pr_number, pr_url, amount,
        deduction_percent, status, settled_by, created_at, settled_at)
      select u.id, 9000001, ${REPOSITORY}, 100000 + row_number() over (), 'https://github.com/x/y/pull/1',
        5, 10, 'accepted', 'merge', now() - interval '40 days', now() - interval '20 days'
      from users u where u.email like 'dir-%' and (u.xp % 50) = 0
    `);
    // Vacuumed, as autovacuum would: GIN indexes take new rows into a pending list until then.
    await db.execute(sql`vacuum analyze`);
  });

  /** The indexes the page's plan reads, and its sequential scans of these tables (none wanted). */
  function directoryReads(nodes: PlanNode[]) {
    const tables = [
      'users',
      'contributor_profiles',
      'contributor_languages',
      'stakes',
      'github_accounts',
    ];
    return {
      sequentialScans: nodes
        .filter((n) => n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? ''))
        .map((n) => n['Relation Name']),
      indexes: new Set(nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []))),
    };
  }
  const pagePlan = async (filters: Parameters<typeof directoryQueries>[0]) =>
    directoryReads(await planOf(directoryQueries(filters, now).page));

  it('walks contributors by XP, either way, and by last activity through their indexes', async () => {
    for (const sort of ['xp_desc', 'xp_asc'] as const) {
      const plan = await pagePlan({ sort });
      expect(plan.sequentialScans).toEqual([]);
      expect(plan.indexes).toContain('users_contributors_xp_idx');
    }
    const recent = await pagePlan({ sort: 'recent', status: 'active' });
    expect(recent.sequentialScans).toEqual([]);
    expect(recent.indexes).toContain('users_contributors_active_idx');
  });

  it('leaves hidden contributors out through the partial index of the hidden', async () => {
    expect((await pagePlan({})).indexes).toContain('contributor_profiles_hidden_idx');
  });

  it('filters by language and by recent merged work without scanning their tables', async () => {
    const language = await pagePlan({ language: 'haskell', minXp: 1000 });
    expect(language.sequentialScans).toEqual([]);
    const merged = await pagePlan({ mergedWithinDays: 30, sort: 'xp_asc' });
    expect(merged.sequentialScans).toEqual([]);
    expect(merged.indexes).toContain('stakes_accepted_user_settled_idx');
  });

  it('searches usernames, names and shown emails through trigram indexes', async () => {
    // Eight characters of one username: trigrams that few names share, as a real search types.
    const [row] = (
      (await app.ctx.db.execute(sql`select substr(md5('1234'), 3, 8) as q`)) as unknown as {
        rows: { q: string }[];
      }
    ).rows;
    const plan = await pagePlan({ q: row!.q });
    expect(plan.sequentialScans).toEqual([]);
    expect([...plan.indexes]).toEqual(
      expect.arrayContaining([
        'users_contributor_username_trgm_idx',
        'contributor_profiles_name_trgm_idx',
      ]),
    );
  });
});
