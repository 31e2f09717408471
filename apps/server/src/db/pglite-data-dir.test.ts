import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './database';
import { users } from './schema';

const root = mkdtempSync(path.join(tmpdir(), 'openstake-pglite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database folder', () => {
  it('is made on first start, migrated, and holds its data when opened again', async () => {
    const dataDir = path.join(root, 'pglite');
    const first = await openPglite({ dataDir });
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    await first.db
      .insert(users)
      .values({ email: 'kept@example.com', role: 'company', githubUsername: null });
    await first.close();

    const again = await openPglite({ dataDir });
    const rows = await again.db.execute(sql`select email from users`);
    expect((rows as unknown as { rows: { email: string }[] }).rows).toEqual([
      { email: 'kept@example.com' },
    ]);
    await again.close();
  });
});
