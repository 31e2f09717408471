// Part of `npm run build`: makes the embedded database's template (db/pglite-data-dir.ts), a data
// folder initialised and migrated, for the installed PGlite version and the current migrations,
// unless it is there already; templates of other versions or migrations are removed.
import { readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../src/db/database';
import {
  holdsDatabase,
  partialOf,
  pgliteTemplateDir,
  pgliteTemplatesFolder,
} from '../src/db/pglite-data-dir';

const template = pgliteTemplateDir();
if (holdsDatabase(template)) {
  process.stdout.write(`kept ${template}\n`);
} else {
  // Made beside its place and renamed into it, so a build stopped halfway leaves no template.
  const partial = partialOf(template);
  rmSync(partial, { recursive: true, force: true });
  const database = await openPglite({ dataDir: partial });
  await database.close();
  for (const entry of readdirSync(pgliteTemplatesFolder)) {
    if (entry !== path.basename(partial)) {
      rmSync(path.join(pgliteTemplatesFolder, entry), { recursive: true, force: true });
    }
  }
  renameSync(partial, template);
  process.stdout.write(`wrote ${template}\n`);
}
