import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { githubDeliveries } from '../../db/schema';

export type PendingGithubEvent = typeof githubDeliveries.$inferSelect;

/** Pull request and review events not yet handled by the stake settlement, oldest first. */
export function listPendingGithubEvents(
  ctx: Pick<AppContext, 'db'>,
  limit = 100,
): Promise<PendingGithubEvent[]> {
  return ctx.db
    .select()
    .from(githubDeliveries)
    .where(isNull(githubDeliveries.processedAt))
    .orderBy(asc(githubDeliveries.receivedAt))
    .limit(limit);
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
