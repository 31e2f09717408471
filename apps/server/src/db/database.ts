import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { getTableColumns, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { migrationsFolder } from '../server-root';
import { prepareDataDir } from './pglite-data-dir';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The rows of a raw `execute()`: node-postgres and PGlite both answer { rows }; Drizzle types it loosely. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The rows of a raw statement that returns whole rows of `table` (`returning *`), read as Drizzle
 * reads that table: column names to keys, and each value through its column's mapping (dates).
 */
export function rowsFromDriver<T extends Table>(table: T, result: unknown): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return rowsOf<Record<string, unknown>>(result).map(
    (raw) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = raw[column.name];
          return [
            key,
            value === null || value === undefined ? null : column.mapFromDriverValue(value),
          ];
        }),
      ) as T['$inferSelect'],
  );
}

/**
 * A timestamptz as text, exactly as JavaScript's `Date.prototype.toISOString()` writes the Date
 * the drivers would have made of it (UTC, milliseconds cut, not rounded; null stays null), for
 * hot reads that send times straight to the client.
 */
export const isoTimestamp = <C extends AnyColumn>(
  column: C,
): SQL<C['_']['notNull'] extends true ? string : string | null> =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  readonly engine: 'pglite' | 'postgres';
  readonly db: Db;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same for every server sharing one database.
const MIGRATION_LOCK = 7_231_004;

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite runs every statement synchronously on this thread, and its lock passes from one waiting
 * query to the next in microtasks: a queue of queries drained without the event loop reading or
 * writing a socket in between, so under load answers went out in bursts and a request could wait
 * seconds behind others (`npm run bench -- stakes-list`: p99 1.4 s at 50 connections, the event
 * loop blocked 150-700 ms at a time). Each query or transaction outside a transaction now starts
 * on a later turn of the event loop, once waiting I/O has run. (`_runExclusiveTransaction`, part
 * of PGlite's declared interface, is the lock its query, exec and transaction take;
 * db/database.test.ts fails if a version of PGlite stops taking it.)
 */
function yieldBeforeEachStatement(client: PGlite): void {
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> =>
    runExclusive(async () => {
      await nextTurn();
      return fn();
    });
}

/** Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database & { client: PGlite }> {
  // A new folder is made into a database first, apart (pglite-data-dir.ts), unless a dump is loaded.
  if (options.dataDir && !options.loadDataDir) await prepareDataDir(options.dataDir);
  // Each engine's driver is loaded only when it is opened: a server runs one of them, and the
  // other's modules would only take memory (about 10 MiB for node-postgres).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({
    // PostgreSQL's default 128 MB of shared buffers become WebAssembly memory that is never given
    // back; the embedded database is small, and the files it reads stay in the OS's cache.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  yieldBeforeEachStatement(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { engine: 'pglite', db, client, ping: () => ping(db), close: () => client.close() };
}

/** A PostgreSQL server. Several servers may start at once: migrations run under an advisory lock. */
export async function openPostgres(
  url: string,
  options: { max?: number } = {},
): Promise<Database & { pool: pg.Pool }> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const lockClient = new pg.Client({ connectionString: url });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
      .catch(() => undefined);
    await lockClient.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection can be cut by the server (a restart, a failover, an administrator). The
  // pool drops that client by itself and the next query gets a fresh one; without a listener,
  // node-postgres would raise the event as an uncaught error and stop the whole process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { engine: 'postgres', db, pool, ping: () => ping(db), close: () => pool.end() };
}

/** Where the embedded database lives in the server's data folder (`DATA_DIR`). */
export const pgliteDataDir = (dataDir: string): string => path.join(dataDir, 'pglite');

export function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: pgliteDataDir(config.DATA_DIR) });
}
