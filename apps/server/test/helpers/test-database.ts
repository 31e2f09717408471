import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/database';
import { adminUrl, databaseUrl } from './postgres';

export const dbEngine = (): 'pglite' | 'postgres' => inject('dbEngine');

/** A fresh, migrated database of the engine this test project runs on. */
export async function openTestDatabase(): Promise<Database> {
  if (dbEngine() === 'pglite') {
    const template = readFileSync(inject('pgliteTemplate')!);
    return openPglite({ loadDataDir: new Blob([template]) });
  }
  const created = await createPostgresTestDatabase();
  const database = await openPostgres(created.url, { max: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A fresh PostgreSQL database copied from the run's migrated template, for tests that hand its
 * URL to another process (the real server entrypoint): its URL and how to drop it.
 */
export async function createPostgresTestDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const name = `openstake_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    // Copies of one template may be made only one at a time; retry while another copy runs.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${inject('pgTemplate')!}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
