import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/database';
import { adminUrl, databaseUrl } from './helpers/postgres';

/**
 * Migrates one template database per run; every test file then starts from a copy of it
 * (STYLE.md: "a database per test file from a migrated template").
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.getProvidedContext().dbEngine === 'pglite') {
    const db = await openPglite();
    const dump = await db.client.dumpDataDir('gzip');
    await db.close();
    const dir = path.resolve('.tmp');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pglite-template-${process.pid}.tar.gz`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return async () => undefined;
  }

  const template = `openstake_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const migrated = await openPostgres(databaseUrl(template), { max: 1 });
  await migrated.close();
  project.provide('pgTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'openstake_t_${process.pid}_%'`,
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbEngine: 'pglite' | 'postgres';
    pgliteTemplate?: string;
    pgTemplate?: string;
  }
}
