// GET /api/contributor/stakes for a contributor with 20 stakes, Bearer token, 50 connections,
// on PostgreSQL and on the embedded default (PGlite), against the bare Fastify baseline. On each
// engine also the query ceiling: bare Fastify doing nothing but the list's one query
// (lib/query-ceiling-server.ts), which bounds what any version of the route can reach here; and
// on PostgreSQL the ceiling of no database at all: bare Fastify answering the route's own answer
// from memory (lib/memory-ceiling-server.ts), what a response cache could reach at best.
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
          const url = `${app.base}/api/contributor/stakes`;
          const headers = { authorization: `Bearer ${token}` };
          const measured = await versusBaseline(baseline.base, { url, connections: 50, headers });
          rows.push({
            bench: 'stakes-list',
            case: `20 stakes, 50 connections, ${engine}`,
            figures: comparedFigures(measured),
            goal: GOALS[engine],
          });
          // The answer does not depend on the engine: its memory ceiling is measured once.
          if (engine === 'postgres') {
            rows.push(await memoryCeiling(baseline.base, url, headers));
          }
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

/** A ceiling server (bench/lib/*-ceiling-server.ts) loaded like the route, as one row. */
async function ceilingRow(
  baselineBase: string,
  server: { entry: string; env: Record<string, string> },
  row: { case: string; goal: string },
): Promise<BenchRow> {
  const ceiling = await startProcess(server.entry, {
    env: server.env,
    listening: /listening (\S+)/,
  });
  try {
    const measured = await versusBaseline(baselineBase, {
      url: `${ceiling.base}/`,
      connections: 50,
    });
    return { bench: 'stakes-list', ...row, figures: comparedFigures(measured) };
  } finally {
    await ceiling.stop();
  }
}

const queryCeiling = (
  baselineBase: string,
  engine: Engine,
  database: Awaited<ReturnType<typeof freshDatabase>>,
  userId: string,
): Promise<BenchRow> =>
  ceilingRow(
    baselineBase,
    {
      entry: 'bench/lib/query-ceiling-server.ts',
      env: { ...database.env, USER_ID: userId },
    },
    {
      case: `ceiling: bare Fastify + the same query, ${engine}`,
      goal: 'none: the most one database round trip allows',
    },
  );

async function memoryCeiling(
  baselineBase: string,
  url: string,
  headers: Record<string, string>,
): Promise<BenchRow> {
  const answer = await fetch(url, { headers });
  // The ceiling of an error's answer would measure nothing.
  if (!answer.ok) throw new Error(`${url} answered ${String(answer.status)}`);
  return ceilingRow(
    baselineBase,
    { entry: 'bench/lib/memory-ceiling-server.ts', env: { BODY: await answer.text() } },
    {
      case: "ceiling: bare Fastify + the route's answer from memory, no database",
      goal: 'none: the most a response cache allows',
    },
  );
}
