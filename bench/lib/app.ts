import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  openPglite,
  openPostgres,
  pgliteDataDir,
  type Database,
} from '../../apps/server/src/db/database';
import { freePort } from '../../apps/server/test/helpers/server-process';
import { repoRoot, startProcess, type Started } from './processes';

/** What `npm run build` makes of apps/server/src/main.ts. */
const BUILT_SERVER = 'apps/server/dist/main.js';

export type Engine = 'postgres' | 'pglite';

/** The session secret of every bench server, so a bench can sign in its seeded users. */
export const BENCH_SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123456789';
export const BENCH_ENCRYPTION_KEY = '0'.repeat(64);

/** PostgreSQL for the benches: a database on this server is created per bench and dropped after. */
export const benchDatabaseUrl = (): string =>
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  engine: Engine;
  /** What the server needs in its environment to use it. */
  env: Record<string, string>;
  /** Opens it from the bench process (migrated), to seed it. For PGlite: not while a server runs. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** A fresh, empty database of the engine: a new PostgreSQL database, or a new PGlite folder. */
export async function freshDatabase(engine: Engine): Promise<BenchDatabase> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'openstake-bench-'));
    return {
      engine,
      env: { DATA_DIR: dir },
      open: () => openPglite({ dataDir: pgliteDataDir(dir) }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = benchDatabaseUrl();
  const name = `openstake_bench_${randomBytes(4).toString('hex')}`;
  const onAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onAdmin(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    engine,
    env: { DATABASE_URL: url.toString() },
    open: () => openPostgres(url.toString()),
    // Without force first: a pool that was just ended may still be closing its connections, and
    // a forced drop would end them with an error event nobody listens to any more.
    drop: async () => {
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          return await onAdmin(`drop database if exists ${name}`);
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await onAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The real server, built as `npm start` builds and runs it (apps/server/dist), on the database, in its own
 * process: demo mode (its GitHub simulator in-process), warnings-only logging (the baseline logs
 * nothing either), and no demo seed unless `demoSeed` (then as a user's start: on for PGlite).
 */
export async function startApp(
  database: BenchDatabase,
  options: { demoSeed?: boolean; env?: Record<string, string> } = {},
): Promise<Started> {
  if (!existsSync(path.join(repoRoot, BUILT_SERVER))) {
    throw new Error(`${BUILT_SERVER} is not built: run \`npm run build\` first.`);
  }
  const port = await freePort();
  return startProcess(BUILT_SERVER, {
    env: {
      ...database.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SESSION_SECRET: BENCH_SESSION_SECRET,
      ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY,
      LOG_LEVEL: 'warn',
      ...(options.demoSeed ? {} : { SEED_DEMO: 'false' }),
      ...options.env,
    },
    listening: { poll: `http://127.0.0.1:${String(port)}/api/health` },
  });
}
