// Part of `npm run build`: packs a fresh PGlite data folder for the installed PGlite version, so
// that the embedded database's first start unpacks it instead of running initdb.
import { pgliteTemplatePath, writePgliteTemplate } from '../src/db/pglite-data-dir';

const written = await writePgliteTemplate();
process.stdout.write(`${written ? 'wrote' : 'kept'} ${pgliteTemplatePath}\n`);
