// GET /api/contributor/stakes for a contributor with 20 stakes, Bearer token, 50 connections,
// on PostgreSQL and on the embedded default (PGlite), against the bare Fastify baseline.
import { freshDatabase, startApp, type Engine } from './lib/app';
import { versusBaseline } from './lib/compare';
import { startBaseline } from './lib/processes';
import type { BenchRow } from './lib/report';
import { round } from './lib/stats';
import { seedContributorWithStakes } from './lib/seed';

const GOALS: Record<Engine, string> = {
  postgres: '>= 35 % of baseline, p99 <= 25 ms',
  pglite: '>= 10 % of baseline, p99 <= 100 ms',
};

export default async function stakesList(): Promise<BenchRow[]> {
  const baseline = await startBaseline();
  const rows: BenchRow[] = [];
  try {
    for (const engine of ['postgres', 'pglite'] as const) {
      const database = await freshDatabase(engine);
      try {
        const seeding = await database.open();
        const { token } = await seedContributorWithStakes(seeding.db, 20);
        await seeding.close();
        const app = await startApp(database);
        try {
          const measured = await versusBaseline(baseline.base, {
            url: `${app.base}/api/contributor/stakes`,
            connections: 50,
            headers: { authorization: `Bearer ${token}` },
          });
          rows.push({
            bench: 'stakes-list',
            case: `20 stakes, 50 connections, ${engine}`,
            figures: {
              '% of baseline': round(measured.ratio * 100),
              'req/s': Math.round(measured.app.requestsPerSecond),
              'p50 ms': measured.app.p50,
              'p99 ms': measured.app.p99,
              'baseline req/s': Math.round(measured.baseline.requestsPerSecond),
            },
            goal: GOALS[engine],
          });
        } finally {
          await app.stop();
        }
      } finally {
        await database.drop();
      }
    }
  } finally {
    await baseline.stop();
  }
  return rows;
}
