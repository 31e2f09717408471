import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import {
  constants,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { mkdir, readdir, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { migrationsFolder, serverRoot } from '../server-root';

/** The installed PGlite's version, from its package.json (which the package does not export). */
const pgliteEntry = (): string => createRequire(import.meta.url).resolve('@electric-sql/pglite');

function pgliteVersion(): string {
  let dir = path.dirname(pgliteEntry());
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@electric-sql/pglite has no package.json');
    dir = parent;
  }
}

/** A digest of every file of the migrations folder, names and contents. */
export function migrationsDigest(folder: string = migrationsFolder): string {
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(folder, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Where `npm run build` keeps its PGlite templates; one at a time (the builder removes the others). */
export const pgliteTemplatesFolder = path.join(serverRoot, '.pglite-template');

/**
 * An embedded database as a first start would leave it, initialised and migrated, made by `npm
 * run build` (scripts/make-pglite-template.ts) for the installed PGlite version and the current
 * migrations (both in its name, so a change to either makes a new one). A first start copies it,
 * a plain file copy: no initdb and no migration in the server (on a 2-core machine, a first start
 * spent about 3 s unpacking a packed template in a child process and 1.5 s migrating it).
 */
export const pgliteTemplateDir = (): string =>
  path.join(pgliteTemplatesFolder, `pglite-${pgliteVersion()}-${migrationsDigest()}`);

/**
 * Makes a data folder that holds no database yet into one. From the template when there is one:
 * copied beside the folder and renamed into place, so a start stopped halfway leaves no folder
 * that looks like a database. Without one (the sources run before any build), PGlite's initdb
 * runs in a child process that ends when it is done: initdb leaves hundreds of MiB of
 * WebAssembly memory behind in whatever ran it, and only a process that exits gives all of it
 * back (a worker thread's end still left about 150 MiB in the server). The server then opens the
 * folder and migrates it as it does any folder. A folder that holds a database is left as it is.
 * (`templateDir` is for the tests.)
 */
export async function prepareDataDir(dataDir: string, templateDir?: string): Promise<void> {
  if (holdsDatabase(dataDir)) return;
  // Named only now: the name reads every migration, which a start on a database need not do.
  const template = templateDir ?? pgliteTemplateDir();
  if (holdsDatabase(template)) {
    await copyIntoPlace(template, dataDir);
  } else {
    await initdbInChild(dataDir);
  }
}

/** True when the folder holds a PostgreSQL database (initdb writes PG_VERSION first). */
export const holdsDatabase = (dir: string): boolean => existsSync(path.join(dir, 'PG_VERSION'));

const PARTIAL = '.partial-';

/**
 * Where this process makes `dir` before renaming it into place: beside it, named for the
 * process, so a process stopped halfway leaves no folder that looks like a database.
 */
export const partialOf = (dir: string): string => `${dir}${PARTIAL}${String(process.pid)}`;

async function copyIntoPlace(template: string, dataDir: string): Promise<void> {
  const partial = partialOf(dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  await removeAbandonedCopies(dataDir);
  // Synchronous: about 1,000 files, 3-4 times faster than fs.cp's asynchronous walk (0.2 against
  // 0.6 s), before the server listens; a clone where the file system can make one.
  cpSync(template, partial, { recursive: true, mode: constants.COPYFILE_FICLONE });
  try {
    // Another process may have made the database meanwhile: theirs stands.
    if (holdsDatabase(dataDir)) return;
    // An empty folder (made beforehand, or by a start stopped before it wrote anything) gives
    // way; one with files in it but no database is not ours to replace, and the error says so.
    if (existsSync(dataDir)) {
      if ((await readdir(dataDir)).length > 0) {
        throw new Error(`${dataDir} holds files but no database; move them away to start afresh`);
      }
      await rmdir(dataDir);
    }
    renameSync(partial, dataDir);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * The copies a start left beside the folder when it was stopped while copying (about 40 MB
 * each), named for that start's process: removed unless that process still runs.
 */
async function removeAbandonedCopies(dataDir: string): Promise<void> {
  const prefix = `${path.basename(dataDir)}${PARTIAL}`;
  for (const entry of await readdir(path.dirname(dataDir))) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length));
    if (Number.isSafeInteger(pid) && pid > 0 && isRunning(pid)) continue;
    rmSync(path.join(path.dirname(dataDir), entry), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function initdbInChild(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const job = { dataDir, pglite: pgliteEntry() };
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const job = JSON.parse(process.env.OPENSTAKE_PGLITE_JOB);
       const { PGlite } = require(job.pglite);
       (async () => {
         const db = await PGlite.create({ dataDir: job.dataDir });
         await db.close();
       })().catch((error) => { console.error(error); process.exit(1); });`,
    ],
    {
      env: { PATH: process.env.PATH, OPENSTAKE_PGLITE_JOB: JSON.stringify(job) },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`PGlite data folder set-up exited with ${String(code)}: ${errors}`)),
    );
  });
}
