// The hourly monthly-grant job (apps/server/src/modules/ledger/grant-monthly-coins.ts) with 10,000
// contributors on PostgreSQL, run in this process: first with everyone due (all signed up last
// month), then again in the same month with nothing due (what 23 of every 24 runs or more see).
// Figures: wall-clock milliseconds and the SQL statements sent, counted on every pool connection.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/database';
import { checkLedgerInvariant } from '../apps/server/src/modules/ledger/check-invariant';
import { grantMonthlyCoins } from '../apps/server/src/modules/ledger/grant-monthly-coins';
import { freshDatabase } from './lib/app';
import type { BenchRow } from './lib/report';
import { round } from './lib/stats';
import { seedContributors } from './lib/seed';

const CONTRIBUTORS = 10_000;
const DAY = 86_400_000;

export default async function grantJob(): Promise<BenchRow[]> {
  const database = await freshDatabase('postgres');
  try {
    const { db, pool, close } = await openPostgres(database.env.DATABASE_URL!);
    let statements = 0;
    // Every statement goes through a pooled client's query(), transactions' begin and commit too.
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: typeof query }).query = (...args) => {
        statements++;
        return query(...args);
      };
    });
    try {
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 10 * DAY);
      await seedContributors(db, CONTRIBUTORS, lastMonth);
      const ctx = { db, clock: { now: () => now } };

      const run = async (label: string, expected: number, goal: string): Promise<BenchRow> => {
        await db.execute(sql`analyze`);
        statements = 0;
        const started = performance.now();
        const granted = await grantMonthlyCoins(ctx);
        const ms = performance.now() - started;
        const sent = statements;
        if (granted !== expected) {
          throw new Error(`${label}: granted ${String(granted)}, expected ${String(expected)}`);
        }
        return {
          bench: 'grant-job',
          case: `${String(CONTRIBUTORS)} contributors, ${label}, postgres`,
          figures: { ms: round(ms), 'SQL statements': sent, granted },
          goal,
        };
      };
      const rows = [
        await run('everyone due', CONTRIBUTORS, 'a fixed number of statements'),
        await run('nothing due', 0, '1 statement, < 100 ms'),
      ];
      const report = await checkLedgerInvariant(db);
      if (report.total !== 0 || report.driftedAccounts.length > 0) {
        throw new Error(`the ledger does not balance after the job: ${JSON.stringify(report)}`);
      }
      return rows;
    } finally {
      await close();
    }
  } finally {
    await database.drop();
  }
}
