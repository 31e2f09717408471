import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stakes } from '../../db/schema';
import { settleStake } from './settle-stake';
import { updateStakeStatus } from './update-stake-status';

export const STAKE_LIFETIME_DAYS = 30;

/**
 * Stakes still undecided after 30 days are refunded in full (DESIGN.md s5). Their pull requests,
 * still open, lose the green `openstake/stake` status (app mode).
 */
export async function expireStakes(
  ctx: Pick<AppContext, 'db' | 'clock' | 'githubApp' | 'config' | 'log'>,
): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - STAKE_LIFETIME_DAYS * 86_400_000);
  const due = await ctx.db
    .select({
      id: stakes.id,
      repositoryFullName: stakes.repositoryFullName,
      prNumber: stakes.prNumber,
    })
    .from(stakes)
    .where(and(eq(stakes.status, 'pending'), lt(stakes.createdAt, cutoff)));
  let expired = 0;
  for (const { id, repositoryFullName, prNumber } of due) {
    if (
      !(await settleStake(
        { stakeId: id, outcome: { kind: 'timed_out' }, settledBy: 'expiry' },
        ctx,
      ))
    ) {
      continue;
    }
    expired++;
    try {
      await updateStakeStatus({ repositoryFullName, prNumber }, ctx);
    } catch (error) {
      // The refund stands; a status GitHub would not take is only a stale check mark.
      ctx.log.warn({ err: error, stakeId: id }, 'could not update the stake status');
    }
  }
  return expired;
}
