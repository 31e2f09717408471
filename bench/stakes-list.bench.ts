// GET /api/contributor/stakes for a contributor with 20 stakes, Bearer token, 50 connections,
// on PostgreSQL and on the embedded default (PGlite), against the bare Fastify baseline. On each
// engine also the query ceiling: bare Fastify doing nothing but the list's one query
// (lib/query-ceiling-server.ts), which bounds what any version of the route can reach here.
import { freshDatabase, startApp, type Engine } from './lib/app';
import { comparedFigures, versusBaseline } from './lib/compare';
import { startBaseline, startProcess } from './lib/processes';
import type { BenchRow } from './lib/report';
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
        const { token, userId } = await seedContributorWithStakes(seeding.db, 20);
        await seeding.close();
        rows.push(await queryCeiling(baseline.base, engine, database, userId));
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
            figures: comparedFigures(measured),
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

async function queryCeiling(
  baselineBase: string,
  engine: Engine,
  database: Awaited<ReturnType<typeof freshDatabase>>,
  userId: string,
): Promise<BenchRow> {
  const ceiling = await startProcess('bench/lib/query-ceiling-server.ts', {
    env: { ...database.env, USER_ID: userId },
    listening: /listening (\S+)/,
  });
  try {
    const measured = await versusBaseline(baselineBase, {
      url: `${ceiling.base}/`,
      connections: 50,
    });
    return {
      bench: 'stakes-list',
      case: `ceiling: bare Fastify + the same query, ${engine}`,
      figures: comparedFigures(measured),
      goal: 'none: the most one database round trip allows',
    };
  } finally {
    await ceiling.stop();
  }
}
