import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../server-root';
import { openPglite, rowsOf } from './database';
import { migrationsDigest, prepareDataDir } from './pglite-data-dir';
import { users } from './schema';

const root = mkdtempSync(path.join(tmpdir(), 'openstake-pglite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const emails = async (dataDir: string): Promise<string[]> => {
  const database = await openPglite({ dataDir });
  try {
    const result = await database.db.execute(sql`select email from users order by email`);
    return rowsOf<{ email: string }>(result).map((row) => row.email);
  } finally {
    await database.close();
  }
};

/** Opens the folder (making it first, as a start does), adds a user, closes it. */
const addUser = async (dataDir: string, email: string): Promise<void> => {
  const database = await openPglite({ dataDir });
  try {
    await database.db.insert(users).values({ email, role: 'company', githubUsername: null });
  } finally {
    await database.close();
  }
};

describe('the embedded database folder', () => {
  it('is made on first start, migrated, and holds its data when opened again', async () => {
    const dataDir = path.join(root, 'pglite');
    await addUser(dataDir, 'kept@example.com');
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(await emails(dataDir)).toEqual(['kept@example.com']);
  });

  it('is made by initdb where there is no template, and migrated when opened', async () => {
    const dataDir = path.join(root, 'no-template', 'pglite');
    await prepareDataDir(dataDir, path.join(root, 'no-template-here'));
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(await emails(dataDir)).toEqual([]);
  });

  describe('from a template', () => {
    const template = path.join(root, 'template');
    beforeAll(() => addUser(template, 'from-the-template@example.com'));

    it('is a copy of the template, and nothing is left beside it', async () => {
      const parent = path.join(root, 'copied');
      const dataDir = path.join(parent, 'pglite');
      await prepareDataDir(dataDir, template);
      expect(readdirSync(parent)).toEqual(['pglite']);
      expect(await emails(dataDir)).toEqual(['from-the-template@example.com']);
      // The template itself is not touched by what is done in the copy.
      await addUser(dataDir, 'only-in-the-copy@example.com');
      expect(await emails(template)).toEqual(['from-the-template@example.com']);
    });

    it("removes the copies an interrupted start left beside it, not a running start's", async () => {
      const parent = path.join(root, 'interrupted');
      const dataDir = path.join(parent, 'pglite');
      // A process id no process has (above Linux's largest), and the test runner's, which runs.
      const gone = path.join(parent, 'pglite.partial-2147483647');
      const running = path.join(parent, `pglite.partial-${String(process.ppid)}`);
      for (const left of [gone, running]) {
        mkdirSync(left, { recursive: true });
        writeFileSync(path.join(left, 'PG_VERSION'), '17');
      }
      await prepareDataDir(dataDir, template);
      expect(readdirSync(parent).sort()).toEqual(['pglite', path.basename(running)]);
      expect(await emails(dataDir)).toEqual(['from-the-template@example.com']);
    });

    it('takes the place of an empty folder', async () => {
      const dataDir = path.join(root, 'empty', 'pglite');
      mkdirSync(dataDir, { recursive: true });
      await prepareDataDir(dataDir, template);
      expect(await emails(dataDir)).toEqual(['from-the-template@example.com']);
    });

    it('never replaces a folder that holds files but no database', async () => {
      const parent = path.join(root, 'not-a-database');
      const dataDir = path.join(parent, 'pglite');
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(path.join(dataDir, 'notes.txt'), 'mine');
      await expect(prepareDataDir(dataDir, template)).rejects.toThrow(
        /holds files but no database/,
      );
      expect(readdirSync(dataDir)).toEqual(['notes.txt']);
      expect(readFileSync(path.join(dataDir, 'notes.txt'), 'utf8')).toBe('mine');
      expect(readdirSync(parent)).toEqual(['pglite']);
    });

    it('leaves a folder that holds a database as it is', async () => {
      const dataDir = path.join(root, 'pglite');
      await prepareDataDir(dataDir, template);
      expect(await emails(dataDir)).toEqual(['kept@example.com']);
    });
  });
});

describe("the template's name", () => {
  it('changes with any change to the migrations, and only then', () => {
    const copy = path.join(root, 'migrations');
    cpSync(migrationsFolder, copy, { recursive: true });
    expect(migrationsDigest(copy)).toBe(migrationsDigest());

    const first = readdirSync(copy).find((name) => name.endsWith('.sql'))!;
    appendFileSync(path.join(copy, first), '\n-- edited\n');
    const edited = migrationsDigest(copy);
    expect(edited).not.toBe(migrationsDigest());

    writeFileSync(path.join(copy, '9999_next.sql'), 'select 1;');
    expect(migrationsDigest(copy)).not.toBe(edited);
  });
});
