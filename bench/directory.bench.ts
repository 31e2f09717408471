// GET /api/company/contributors (issue 11's hire directory) on PostgreSQL with 100,000
// contributors (lib/directory-seed.ts), through the real server with a company's Bearer token:
// for each filter alone, all of them together, the other sorts and a second page, 20 warm-up
// requests and then 200 sequential ones (one at a time, over one kept-alive connection), timed
// from the request to the end of the body. Prints each case's p50 and p95 and, for the slowest
// case, EXPLAIN (ANALYZE, BUFFERS) of the route's two statements (directoryQueries, the very SQL
// the route runs) on the same database.
import { performance } from 'node:perf_hooks';
import {
  directoryPageSchema,
  directoryQuerySchema,
  type DirectoryPage,
  type DirectoryQuery,
} from '@openstake/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database';
import { checkLedgerInvariant } from '../apps/server/src/modules/ledger/check-invariant';
import { directoryQueries } from '../apps/server/src/modules/directory/list-contributors';
import { freshDatabase, startApp } from './lib/app';
import { seedDirectory, USERNAME_FRAGMENT } from './lib/directory-seed';
import type { BenchRow } from './lib/report';
import { round } from './lib/stats';

const CONTRIBUTORS = 100_000;
const WARM_UP = 20;
const REQUESTS = 200;
const GOAL = 'p95 <= 50 ms';

/** The cases: each filter alone, the other sorts, a second page and everything together. */
const CASES: { name: string; query: DirectoryQuery | 'second page' }[] = [
  { name: 'no filter (XP, high to low)', query: {} },
  { name: `q=${USERNAME_FRAGMENT} (username fragment)`, query: { q: USERNAME_FRAGMENT } },
  { name: 'rank=Code Master', query: { rank: 'Code Master' } },
  { name: 'status=active', query: { status: 'active' } },
  { name: 'language=Rust', query: { language: 'Rust' } },
  { name: 'minXp=3000', query: { minXp: 3000 } },
  { name: 'mergedWithinDays=30', query: { mergedWithinDays: 30 } },
  { name: 'sort=xp_asc', query: { sort: 'xp_asc' } },
  { name: 'sort=recent', query: { sort: 'recent' } },
  { name: 'second page (cursor)', query: 'second page' },
  {
    name: 'all filters together',
    query: {
      q: USERNAME_FRAGMENT,
      rank: 'Code Contributor',
      status: 'active',
      language: 'Go',
      minXp: 600,
      mergedWithinDays: 30,
      sort: 'recent',
    },
  },
];

const search = (query: DirectoryQuery): string =>
  new URLSearchParams(
    Object.entries(query).flatMap(([k, v]): [string, string][] =>
      v === undefined ? [] : [[k, String(v)]],
    ),
  ).toString();

/** The value below which `share` of the sorted values lie (nearest rank). */
const percentile = (sorted: number[], share: number): number =>
  sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

async function measure(url: string, token: string) {
  const get = async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${String(res.status)}: ${body}`);
    return body;
  };
  for (let i = 0; i < WARM_UP; i++) await get();
  const times: number[] = [];
  let last = '';
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    last = await get();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const page: DirectoryPage = directoryPageSchema.parse(JSON.parse(last));
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), page };
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, as text. */
async function explain(db: Db, statement: SQL): Promise<string> {
  const result = await db.execute(sql`explain (analyze, buffers) ${statement}`);
  return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
}

export default async function directory(): Promise<BenchRow[]> {
  const database = await freshDatabase('postgres');
  const rows: BenchRow[] = [];
  try {
    const seeding = await database.open();
    const filled = performance.now();
    const seed = await seedDirectory(seeding.db, CONTRIBUTORS);
    const fillSeconds = (performance.now() - filled) / 1000;
    const ledger = await checkLedgerInvariant(seeding.db);
    const intact =
      ledger.total === 0 &&
      ledger.negativeAccounts.length === 0 &&
      ledger.driftedAccounts.length === 0 &&
      ledger.misheldEscrows.length === 0;
    rows.push({
      bench: 'directory',
      case: `fill: ${String(seed.contributors)} contributors, ${String(seed.stakes)} stakes, postgres`,
      figures: { s: round(fillSeconds), ledger: intact ? 'intact' : 'BROKEN' },
      goal: 'none: set-based, seconds',
    });

    const app = await startApp(database);
    const measured: { name: string; query: DirectoryQuery; p95: number }[] = [];
    try {
      let secondPage: DirectoryQuery = {};
      for (const { name, query: asked } of CASES) {
        const query = asked === 'second page' ? secondPage : asked;
        const { p50, p95, page } = await measure(
          `${app.base}/api/company/contributors?${search(query)}`,
          seed.companyToken,
        );
        if (asked !== 'second page' && Object.keys(query).length === 0 && page.nextCursor) {
          secondPage = { cursor: page.nextCursor };
        }
        measured.push({ name, query, p95 });
        rows.push({
          bench: 'directory',
          case: `GET /api/company/contributors ${name}, postgres`,
          figures: {
            'p50 ms': round(p50),
            'p95 ms': round(p95),
            matching: page.stats.total,
            shown: page.data.length,
          },
          goal: GOAL,
        });
      }
    } finally {
      await app.stop();
    }

    const slowest = measured.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    const queries = directoryQueries(directoryQuerySchema.parse(slowest.query), new Date());
    console.log(`\nslowest case: ${slowest.name} (p95 ${String(round(slowest.p95))} ms)`);
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS) of its page:\n${await explain(seeding.db, queries.page)}`,
    );
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS) of its stats:\n${await explain(seeding.db, queries.stats)}\n`,
    );
    await seeding.close();
  } finally {
    await database.drop();
  }
  return rows;
}
