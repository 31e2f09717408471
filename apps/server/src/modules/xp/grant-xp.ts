import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users, xpEvents } from '../../db/schema';

export type XpKind = 'starting_xp' | 'merge_reward';

/**
 * Adds XP to a user inside the caller's transaction. Like a coin transfer, the idempotency key
 * makes a repeated grant do nothing; users.xp stays the sum of the user's events.
 */
export async function grantXp(
  tx: Tx,
  input: {
    userId: string;
    amount: number;
    kind: XpKind;
    reference: string;
    idempotencyKey: string;
  },
): Promise<{ applied: boolean }> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`XP grant must be a positive integer, got ${input.amount}`);
  }
  const [row] = await tx
    .insert(xpEvents)
    .values(input)
    .onConflictDoNothing({ target: xpEvents.idempotencyKey })
    .returning({ id: xpEvents.id });
  if (!row) return { applied: false };
  await tx
    .update(users)
    .set({ xp: sql`${users.xp} + ${input.amount}` })
    .where(eq(users.id, input.userId));
  return { applied: true };
}
