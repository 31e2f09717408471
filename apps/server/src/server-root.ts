import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found by walking up from this module to the
 * package.json named @openstake/server: the same answer whether the server runs from its
 * TypeScript sources (src/) or from the bundle `npm run build` writes (dist/), whose files sit
 * at other depths. Migrations, the PGlite template and the default data folder are found from it.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string };
      if (pkg.name === '@openstake/server') return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`No @openstake/server package above ${from}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
/** The repository (the workspace root): two folders above the server package. */
export const repoRoot = path.resolve(serverRoot, '../..');
/** The database's migrations: Drizzle's SQL files and their journal. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
