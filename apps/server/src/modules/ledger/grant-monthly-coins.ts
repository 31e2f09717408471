import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { users } from '../../db/schema';
import { MINT, walletOf } from './accounts';
import { transfer } from './transfer';

export const MONTHLY_GRANT_COINS = 100;

/**
 * The contributor plan's 100 coins a month (spec 000 s9): once per contributor per calendar month
 * (UTC), by idempotency key. The month of sign-up is covered by the sign-up grant.
 */
export async function grantMonthlyCoins(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const now = ctx.clock.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const month = monthStart.toISOString().slice(0, 7);
  const due = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'contributor'), lt(users.createdAt, monthStart)));
  let granted = 0;
  for (const { id } of due) {
    const result = await inTransaction(ctx.db, (tx) =>
      transfer(tx, {
        from: MINT,
        to: walletOf(id),
        amount: MONTHLY_GRANT_COINS,
        kind: 'monthly_grant',
        reference: id,
        idempotencyKey: `monthly-grant:${id}:${month}`,
      }),
    );
    if (result.applied) granted++;
  }
  return granted;
}
