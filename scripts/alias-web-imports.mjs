// Rewrites the web app's relative imports that leave their home folder as `@/` imports (the rule in
// docs/ARCHITECTURE.md, web app imports). A file's home is its feature (`features/<name>/`), its
// area (`routes/<area>/`), or its top-level folder under src (`components/`, `lib/`, `app/`,
// `test/`). An import stays relative while its target is in the importer's home and it climbs at
// most one folder (`./x`, `../x`); any other climbing import becomes `@/<path under src>`.
//
//   node scripts/alias-web-imports.mjs && npx prettier --write apps/web/src
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const src = path.join(import.meta.dirname, '../apps/web/src');

/** The home folder of a file, as a path under src ('' for a file directly in src). */
function homeOf(file) {
  const parts = file.split('/');
  if (parts.length === 1) return '';
  const [top] = parts;
  return (top === 'features' || top === 'routes') && parts.length > 2
    ? parts.slice(0, 2).join('/')
    : top;
}

/** The import in `file` (a path under src), written by the rule. */
function spelled(file, specifier) {
  if (!specifier.startsWith('../')) return specifier;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (target.startsWith('../')) throw new Error(`${file}: ${specifier} leaves apps/web/src`);
  const home = homeOf(file);
  const climbs = specifier.match(/\.\.\//g).length;
  const inHome = home !== '' && target.startsWith(`${home}/`);
  return inHome && climbs === 1 ? specifier : `@/${target}`;
}

// `from '...'` (imports and re-exports), `import '...'` and `import('...')`.
const IMPORT = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'([^']+)'/g;

let changed = 0;
for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
  const file = path
    .relative(src, path.join(entry.parentPath, entry.name))
    .split(path.sep)
    .join('/');
  const before = readFileSync(path.join(src, file), 'utf8');
  const after = before.replace(IMPORT, (whole, keyword, specifier) => {
    const next = spelled(file, specifier);
    if (next === specifier) return whole;
    changed += 1;
    return `${keyword}'${next}'`;
  });
  if (after !== before) writeFileSync(path.join(src, file), after);
}
console.log(`${changed} imports now start with @/`);
