import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stakes } from '../../db/schema';
import { settleStake } from './settle-stake';

export const STAKE_LIFETIME_DAYS = 30;

/** Stakes still undecided after 30 days are refunded in full (DESIGN.md s5). */
export async function expireStakes(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - STAKE_LIFETIME_DAYS * 86_400_000);
  const due = await ctx.db
    .select({ id: stakes.id })
    .from(stakes)
    .where(and(eq(stakes.status, 'pending'), lt(stakes.createdAt, cutoff)));
  let expired = 0;
  for (const { id } of due) {
    if (
      await settleStake({ stakeId: id, outcome: { kind: 'timed_out' }, settledBy: 'expiry' }, ctx)
    )
      expired++;
  }
  return expired;
}
