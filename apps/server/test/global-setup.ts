import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/database';
import { adminUrl, databaseUrl } from './helpers/postgres';
import type { SecretsFileSummary } from './helpers/secret-watch';

/**
 * Migrates one template database per run; every test file then starts from a copy of it
 * (a database per test file from a migrated template; docs/ARCHITECTURE.md).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const printSecretsSummary = collectSecretsSummary(project);
  const teardown = await setupDatabase(project);
  return async () => {
    await teardown();
    printSecretsSummary();
  };
}

/**
 * Each test file writes what its secrets check covered (test/setup.ts); at the end of the run one
 * line per file and a total are printed: the figures of docs/security.md.
 */
function collectSecretsSummary(project: TestProject): () => void {
  const engine = project.getProvidedContext().dbEngine;
  const dir = path.resolve('.tmp', `secrets-${engine}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  project.provide('secretsReportDir', dir);
  return () => {
    const files = readdirSync(dir)
      .map(
        (name) =>
          JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SecretsFileSummary & {
            secrets: Record<string, number>;
          },
      )
      .sort((a, b) => a.file.localeCompare(b.file));
    rmSync(dir, { recursive: true, force: true });
    if (files.length === 0) return;
    const count = (secrets: Record<string, number>) =>
      Object.values(secrets).reduce((a, b) => a + b, 0);
    const lines = files.map(
      (f) =>
        `  ${f.file}: ${f.responses} responses, ${f.logLines} log lines, ${count(f.secrets)} secrets${f.leaks ? `, ${f.leaks} LEAKED` : ''}`,
    );
    const kinds: Record<string, number> = {};
    for (const f of files)
      for (const [kind, n] of Object.entries(f.secrets)) kinds[kind] = (kinds[kind] ?? 0) + n;
    const sum = (pick: (f: (typeof files)[number]) => number) =>
      files.reduce((a, f) => a + pick(f), 0);
    console.log(
      [
        `Secrets check (server:${engine}), per file:`,
        ...lines,
        `  total: ${files.length} files, ${sum((f) => f.responses)} responses and ${sum((f) => f.logLines)} log lines checked against ${count(kinds)} secrets (${Object.entries(
          kinds,
        )
          .map(([kind, n]) => `${n} ${kind}`)
          .join(', ')}), ${sum((f) => f.leaks)} leaked`,
      ].join('\n'),
    );
  };
}

async function setupDatabase(project: TestProject): Promise<() => Promise<void>> {
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
    /** Where each test file writes what its secrets check covered. */
    secretsReportDir?: string;
  }
}
