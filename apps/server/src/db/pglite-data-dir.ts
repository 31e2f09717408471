import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
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
 * Makes a data folder that holds no database yet into one, in a worker thread that ends when it
 * is done: initdb (or the template's unpacking) leaves hundreds of MiB of WebAssembly memory
 * behind in the thread that ran it, which the worker takes with it. The server then opens the
 * folder as it opens one it made before. A folder that holds a database is left as it is.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { readFileSync } = require('node:fs');
     const { PGlite } = require(workerData.pglite);
     (async () => {
       const template = workerData.template ? new Blob([readFileSync(workerData.template)]) : undefined;
       const db = await PGlite.create({ dataDir: workerData.dataDir, ...(template ? { loadDataDir: template } : {}) });
       await db.close();
     })();`,
    {
      eval: true,
      workerData: {
        dataDir,
        pglite: pgliteEntry(),
        template: existsSync(pgliteTemplatePath) ? pgliteTemplatePath : undefined,
      },
    },
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`PGlite data folder set-up exited with ${code}`)),
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
