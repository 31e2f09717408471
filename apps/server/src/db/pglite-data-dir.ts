import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { serverRoot } from '../server-root';

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

/**
 * A freshly initialised PGlite data folder, packed (PGlite's dumpDataDir), made by `npm run
 * build` (scripts/make-pglite-template.ts) for the installed PGlite version. Unpacking it takes
 * about a third of the time initdb takes on a first start.
 */
export const pgliteTemplatePath = path.join(
  serverRoot,
  `.pglite-template/pglite-${pgliteVersion()}.tar.gz`,
);

/**
 * Makes a data folder that holds no database yet into one, in a child process that ends when it
 * is done: initdb (or the template's unpacking) leaves hundreds of MiB of WebAssembly memory
 * behind in whatever ran it, and only a process that exits gives all of it back (a worker
 * thread's end still left about 150 MiB in the server). The server then opens the folder as it
 * opens one it made before. A folder that holds a database is left as it is.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(dataDir, { recursive: true });
  const job = {
    dataDir,
    pglite: pgliteEntry(),
    template: existsSync(pgliteTemplatePath) ? pgliteTemplatePath : undefined,
  };
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const { readFileSync } = require('node:fs');
       const job = JSON.parse(process.env.OPENSTAKE_PGLITE_JOB);
       const { PGlite } = require(job.pglite);
       (async () => {
         const template = job.template ? new Blob([readFileSync(job.template)]) : undefined;
         const db = await PGlite.create({ dataDir: job.dataDir, ...(template ? { loadDataDir: template } : {}) });
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

/** Writes the template for the installed PGlite version, unless it is there already. */
export async function writePgliteTemplate(): Promise<boolean> {
  if (existsSync(pgliteTemplatePath)) return false;
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  const packed = await db.dumpDataDir('gzip');
  await db.close();
  mkdirSync(path.dirname(pgliteTemplatePath), { recursive: true });
  writeFileSync(pgliteTemplatePath, Buffer.from(await packed.arrayBuffer()));
  return true;
}
