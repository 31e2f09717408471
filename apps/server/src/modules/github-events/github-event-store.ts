import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { githubDeliveries } from '../../db/schema';

export type PendingGithubEvent = typeof githubDeliveries.$inferSelect;

/**
 * Pull request and review events not yet handled by the stake settlement, oldest first; with
 * `deliveryId`, only that one (if still pending).
 */
export function listPendingGithubEvents(
  ctx: Pick<AppContext, 'db'>,
  options: { deliveryId?: string; limit?: number } = {},
): Promise<PendingGithubEvent[]> {
  const pending = isNull(githubDeliveries.processedAt);
  return ctx.db
    .select()
    .from(githubDeliveries)
    .where(
      options.deliveryId
        ? and(pending, eq(githubDeliveries.deliveryId, options.deliveryId))
        : pending,
    )
    .orderBy(asc(githubDeliveries.receivedAt))
    .limit(options.limit ?? 100);
}

/** Marks an event handled; false when another worker got there first. */
export async function markGithubEventProcessed(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  deliveryId: string,
): Promise<boolean> {
  const rows = await ctx.db
    .update(githubDeliveries)
    .set({ processedAt: ctx.clock.now() })
    .where(and(eq(githubDeliveries.deliveryId, deliveryId), isNull(githubDeliveries.processedAt)))
    .returning({ id: githubDeliveries.deliveryId });
  return rows.length > 0;
}

/**
 * When the repository's latest webhook delivery was recorded (the database's clock), or null
 * when none was: anything GitHub tells about the repository changes it.
 */
export async function latestDeliveryAt(
  ctx: Pick<AppContext, 'db'>,
  repositoryFullName: string,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ at: sql<string | null>`max(${githubDeliveries.receivedAt})::text` })
    .from(githubDeliveries)
    .where(eq(githubDeliveries.repositoryFullName, repositoryFullName));
  return row?.at ?? null;
}
