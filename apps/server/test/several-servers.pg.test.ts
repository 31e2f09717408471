import { readFileSync } from 'node:fs';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database';
import { adminUrl, databaseUrl } from './helpers/postgres';

const name = `openstake_t_${process.pid}_multi_${randomBytes(3).toString('hex')}`;

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('several servers on one PostgreSQL database', () => {
  it('four servers starting at once on an empty database migrate it once and all come up', async () => {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();

    const servers = await Promise.all(
      Array.from({ length: 4 }, () => openPostgres(databaseUrl(name), { max: 2 })),
    );
    try {
      expect(await Promise.all(servers.map((s) => s.ping()))).toEqual([true, true, true, true]);
      const check = new pg.Client({ connectionString: databaseUrl(name) });
      await check.connect();
      const { rows } = await check.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      await check.end();
      const journal = JSON.parse(
        readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
      );
      expect(rows[0].n).toBe(journal.entries.length);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});
