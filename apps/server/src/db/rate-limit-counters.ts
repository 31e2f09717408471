import { lte, sql } from 'drizzle-orm';
import type { Db } from './database';
import { rateLimitCounters } from './schema';

const counters = rateLimitCounters;

/**
 * Counts one hit on a rate limit's key, in one statement that any number of servers may run at
 * once: the first hit inserts the row and starts the window (`windowMs` long from `now`); a hit
 * inside the window adds one; the first hit after it starts a new window at one. Answers the
 * window's hits so far, this one included, and when the window ends.
 */
export async function countRateLimitHit(
  db: Db,
  input: { key: string; windowMs: number; now: Date },
): Promise<{ hits: number; resetsAt: Date }> {
  const now = sql.param(input.now, counters.resetsAt);
  const ended = sql`${counters.resetsAt} <= ${now}`;
  const [row] = await db
    .insert(counters)
    .values({ key: input.key, hits: 1, resetsAt: new Date(input.now.getTime() + input.windowMs) })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${counters.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${counters.resetsAt} end`,
      },
    })
    .returning({ hits: counters.hits, resetsAt: counters.resetsAt });
  // An upsert always answers its row.
  if (!row) throw new Error('rate limit counter was not written');
  return row;
}

/** Deletes the counters whose window has ended (a later hit would start again at one anyway). */
export async function clearEndedRateLimitCounters(db: Db, now: Date): Promise<void> {
  await db.delete(counters).where(lte(counters.resetsAt, now));
}
