import { randomBytes } from 'node:crypto';
import { STAKES_PAGE_MAX, STAKES_PAGE_SIZE } from '@openstake/core';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakes, trackedIssues } from '../src/db/schema';
import { openStake } from '../src/modules/stakes/open-stake';
import { toStakeView } from '../src/modules/stakes/stake-view';
import { createUser, type Account } from './helpers/factories';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

interface Page {
  data: { _id: string; issueNumber: number; createdAt: string }[];
  nextCursor: string | null;
}

const list = (who: Account, query = '') =>
  app.server.inject({ url: `/api/contributor/stakes${query}`, headers: { cookie: who.cookie } });

async function page(who: Account, query = ''): Promise<Page> {
  const res = await list(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

/** Every page from the first, following nextCursor; the ids in the order the pages gave them. */
async function allPages(who: Account, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${String(limit)}${cursor ? `&cursor=${cursor}` : ''}`;
    const current = await page(who, query);
    expect(current.data.length).toBeLessThanOrEqual(limit);
    ids.push(...current.data.map((s) => s._id));
    pages++;
    cursor = current.nextCursor;
  } while (cursor);
  return { ids, pages };
}

/**
 * `count` settled stakes of the contributor, each on its own tracked issue (#1 the oldest), from
 * `start` on. Issues 1-5 share one instant and 6-10 are a microsecond apart, as stakes placed at
 * the same moment are: the pages must neither repeat nor skip them. The rest are a minute apart.
 * Expired stakes hold no coins, so the ledger is untouched.
 */
async function stakesOf(
  who: Account,
  count: number,
  start = sql`timestamptz '2026-01-01 12:00:00.123456+00'`,
): Promise<void> {
  const repository = `openstake-labs/list-${randomBytes(4).toString('hex')}`;
  const firstId = Number.parseInt(randomBytes(4).toString('hex'), 16) * 1_000;
  await app.ctx.db.execute(sql`
    insert into tracked_issues (github_id, repository_full_name, number, title, state, author_login,
      html_url, difficulty, staking_required, xp_reward, repository, github_created_at,
      github_updated_at)
    select ${firstId}::bigint + i, ${repository}, i, 'Issue ' || i, 'open', 'mia-maintainer',
      'https://github.com/' || ${repository} || '/issues/' || i, 'beginner', 5, 50,
      '{"description": null, "language": null, "stargazersCount": 0, "htmlUrl": "https://github.com/x/y"}'::jsonb,
      now(), now()
    from generate_series(1, ${count}::int) as i
  `);
  await app.ctx.db.execute(sql`
    insert into stakes (user_id, issue_github_id, repository_full_name, pr_number, pr_url, amount,
      deduction_percent, status, settled_by, created_at, settled_at)
    select ${who.user.id}, ${firstId}::bigint + i, ${repository}, i,
      'https://github.com/' || ${repository} || '/pull/' || i, 5, 10, 'expired', 'expiry',
      ${start} + case
        when i <= 5 then interval '0'
        when i <= 10 then (i - 5) * interval '1 microsecond'
        else (i - 10) * interval '1 minute' end,
      now()
    from generate_series(1, ${count}::int) as i
  `);
}

/** The contributor's stakes in the order the list promises: newest first, then by id. */
async function expectedOrder(who: Account): Promise<string[]> {
  const result = (await app.ctx.db.execute(
    sql`select id from stakes where user_id = ${who.user.id} order by created_at desc, id desc`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

describe('GET /api/contributor/stakes, a page at a time', () => {
  let octo: Account;
  beforeAll(async () => {
    octo = await createUser(app, 'contributor');
    await stakesOf(octo, 45);
  });

  it(`gives the newest ${String(STAKES_PAGE_SIZE)} stakes first, with a cursor to the next page`, async () => {
    const first = await page(octo);
    expect(first.data.map((s) => s._id)).toEqual(
      (await expectedOrder(octo)).slice(0, STAKES_PAGE_SIZE),
    );
    expect(first.data[0]).toMatchObject({ issueNumber: 45 });
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('the next page starts right after the last stake of the page before', async () => {
    const first = await page(octo, '?limit=10');
    const second = await page(octo, `?limit=10&cursor=${first.nextCursor!}`);
    expect([...first.data, ...second.data].map((s) => s._id)).toEqual(
      (await expectedOrder(octo)).slice(0, 20),
    );
  });

  it('following the cursors gives every stake once, in order, even those placed at the same instant; the last page says there is no next', async () => {
    const expected = await expectedOrder(octo);
    // 45 = 3 x 15: the third page is full and still the last (no empty page after it).
    expect(await allPages(octo, 15)).toEqual({ ids: expected, pages: 3 });
    // A page boundary inside the stakes sharing one instant, and inside those a microsecond apart.
    for (const limit of [1, 7, 37, 38, 41, 44]) {
      expect((await allPages(octo, limit)).ids, `limit ${String(limit)}`).toEqual(expected);
    }
    const last = await page(octo, `?limit=${String(STAKES_PAGE_MAX)}`);
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.data).toHaveLength(45);
  });

  it('a stake placed between two pages shows on a fresh first page and does not shift the next one', async () => {
    const nia = await createUser(app, 'contributor');
    await stakesOf(nia, 12);
    const before = await expectedOrder(nia);
    const first = await page(nia, '?limit=5');
    await stakesOf(nia, 1, sql`now()`);
    const newest = (await expectedOrder(nia))[0]!;
    const second = await page(nia, `?limit=5&cursor=${first.nextCursor!}`);
    expect(second.data.map((s) => s._id)).toEqual(before.slice(5, 10));
    expect((await page(nia, '?limit=5')).data[0]!._id).toBe(newest);
  });

  it("a cursor only says where to start: with someone else's, I still see only my own stakes", async () => {
    const rita = await createUser(app, 'contributor');
    await stakesOf(rita, 3);
    const octoCursor = (await page(octo, '?limit=40')).nextCursor!;
    const seen = await page(rita, `?cursor=${octoCursor}`);
    const ritas = await expectedOrder(rita);
    for (const stake of seen.data) expect(ritas).toContain(stake._id);
  });

  it('shows each stake as every other view of it does: the same fields, times as toISOString writes them', async () => {
    const lea = await createUser(app, 'contributor');
    await stakesOf(lea, 3);
    // One settled at a time with microseconds to cut, and one still pending (no settledAt), its
    // coins in escrow as a real stake's.
    const [settled] = await expectedOrder(lea);
    await app.ctx.db.execute(
      sql`update stakes set settled_at = timestamptz '2026-02-03 04:05:06.789999+00' where id = ${settled!}`,
    );
    const [issue] = await app.ctx.db
      .select()
      .from(trackedIssues)
      .innerJoin(stakes, eq(stakes.issueGithubId, trackedIssues.githubId))
      .where(eq(stakes.id, settled!));
    await app.ctx.db.transaction((tx) =>
      openStake(tx, {
        userId: lea.user.id,
        issue: issue!.tracked_issues,
        prNumber: 99,
        prUrl: 'https://github.com/openstake-labs/list/pull/99',
        deductionPercent: 10,
      }),
    );
    const rows = await app.ctx.db
      .select({ stake: stakes, issue: trackedIssues })
      .from(stakes)
      .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
      .where(eq(stakes.userId, lea.user.id))
      .orderBy(desc(stakes.createdAt), desc(stakes.id));
    const listed = (await page(lea)).data;
    expect(listed).toEqual(rows.map((r) => toStakeView(r.stake, r.issue)));
    expect(listed).toHaveLength(4);
    expect(listed[0]).toMatchObject({ status: 'pending', settledAt: null });
    expect(listed[1]).toMatchObject({ settledAt: '2026-02-03T04:05:06.789Z' });
    expect(listed[3]!.createdAt).toMatch(/^2026-01-01T12:\d\d:00\.123Z$/);
  });

  it('an empty list is one page with no next', async () => {
    const newbie = await createUser(app, 'contributor');
    expect(await page(newbie)).toEqual({ success: true, data: [], nextCursor: null });
  });

  it('refuses a cursor it did not make with a 400 that says what to send', async () => {
    const valid = (await page(octo, '?limit=5')).nextCursor!;
    const encoded = (text: string) => Buffer.from(text).toString('base64url');
    const invalid = [
      'not-a-cursor',
      `${valid}!`,
      valid.slice(0, -4),
      encoded('1767268800123456'),
      encoded(`1767268800123456.not-a-uuid`),
      encoded(`-1.${octo.user.id}`),
      encoded(`99999999999999999.${octo.user.id}`),
      encoded(`1767268800123456.${octo.user.id}.x`),
      'x'.repeat(101),
      '',
    ];
    for (const cursor of invalid) {
      const res = await list(octo, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json(), cursor).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        field: 'cursor',
        message:
          'cursor: Invalid cursor (pass the nextCursor of the previous page, or no cursor for the first page)',
      });
    }
  });

  it(`takes a limit from 1 to ${String(STAKES_PAGE_MAX)} and refuses any other`, async () => {
    expect((await page(octo, '?limit=1')).data).toHaveLength(1);
    expect((await page(octo, `?limit=${String(STAKES_PAGE_MAX)}`)).data).toHaveLength(45);
    const refused: [string, string][] = [
      ['0', 'limit: Limit must be 1 or more'],
      ['-3', 'limit: Limit must be 1 or more'],
      [String(STAKES_PAGE_MAX + 1), `limit: Limit must be ${String(STAKES_PAGE_MAX)} or less`],
      ['2.5', 'limit: Limit must be a whole number'],
      ['ten', 'limit: Limit must be a number'],
    ];
    for (const [limit, message] of refused) {
      const res = await list(octo, `?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json(), limit).toMatchObject({ code: 'BAD_REQUEST', field: 'limit', message });
    }
  });
});
