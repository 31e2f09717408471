// Work that must not grow with the tables, on PostgreSQL, 50 connections, against the bare Fastify
// baseline: GET /api/contributor/stakes (its first page) for a contributor with 2,000 stakes, and
// GET /api/maintainer/bounty-issues (50 bounty issues, each with 1 pending and 10 expired stakes)
// with the whole stakes table at 8,000 rows and then at 108,000.
import { sql } from 'drizzle-orm';
import { freshDatabase, startApp } from './lib/app';
import { comparedFigures, versusBaseline } from './lib/compare';
import { startBaseline } from './lib/processes';
import type { BenchRow } from './lib/report';
import { round } from './lib/stats';
import {
  seedContributorWithStakes,
  seedMaintainerWithBountyIssues,
  seedOtherStakes,
} from './lib/seed';

const CONNECTIONS = 50;
const SMALL = 8_000;
const GROWN = 108_000;

export default async function stakesGrowth(): Promise<BenchRow[]> {
  const baseline = await startBaseline();
  const database = await freshDatabase('postgres');
  const rows: BenchRow[] = [];
  try {
    const seeding = await database.open();
    try {
      const contributor = await seedContributorWithStakes(seeding.db, 2_000);
      const maintainer = await seedMaintainerWithBountyIssues(seeding.db, 50, 10);
      const stakesCount = async () => {
        const result = await seeding.db.execute<{ n: number }>(
          sql`select count(*)::int as n from stakes`,
        );
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      };
      await seedOtherStakes(seeding.db, SMALL - (await stakesCount()));
      await seeding.db.execute(sql`analyze`);

      const app = await startApp(database);
      try {
        const measure = async (
          path: string,
          token: string,
          label: string,
          goal: string,
        ): Promise<BenchRow> => {
          const url = `${app.base}${path}`;
          const headers = { authorization: `Bearer ${token}` };
          const once = await fetch(url, { headers });
          if (once.status !== 200) throw new Error(`${path} answered ${String(once.status)}`);
          const bytes = (await once.arrayBuffer()).byteLength;
          const measured = await versusBaseline(baseline.base, {
            url,
            connections: CONNECTIONS,
            headers,
          });
          return {
            bench: 'stakes-growth',
            case: `${label}, ${String(CONNECTIONS)} connections, postgres`,
            figures: { ...comparedFigures(measured), 'response kB': round(bytes / 1000) },
            goal,
          };
        };
        rows.push(
          await measure(
            '/api/contributor/stakes',
            contributor.token,
            'stakes list, first page of 2,000 stakes',
            'as with 20 stakes: >= 35 % of baseline, p99 <= 25 ms',
          ),
        );
        const bountyList = (stakes: number) =>
          measure(
            '/api/maintainer/bounty-issues',
            maintainer.token,
            `bounty list, stakes table at ${String(stakes / 1000)}k rows`,
            'req/s at 108k within 20 % of 8k',
          );
        rows.push(await bountyList(SMALL));
        await seedOtherStakes(seeding.db, GROWN - (await stakesCount()));
        await seeding.db.execute(sql`analyze`);
        rows.push(await bountyList(GROWN));
      } finally {
        await app.stop();
      }
    } finally {
      await seeding.close();
    }
  } finally {
    await database.drop();
    await baseline.stop();
  }
  return rows;
}
