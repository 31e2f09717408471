import { inArray, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './database';

/** Rows one clean-up deletes at most: little work for the request that does it. */
const CLEANUP_BATCH = 100;

/**
 * Deletes up to a hundred rows of a table of short-lived tokens (OAuth states, wallet challenges)
 * whose expiry has passed, by its expiry index. Abandoned tokens leave rows behind; each new token
 * clears a few, so the table stays small without a job.
 */
export async function clearSomeExpired(
  db: Queryable,
  input: { table: PgTable; key: PgColumn; expiresAt: PgColumn; now: Date },
): Promise<void> {
  const expired = db
    .select({ key: input.key })
    .from(input.table)
    .where(lte(input.expiresAt, input.now))
    .limit(CLEANUP_BATCH);
  await db.delete(input.table).where(inArray(input.key, expired));
}
