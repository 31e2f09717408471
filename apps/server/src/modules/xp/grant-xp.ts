import { sql } from 'drizzle-orm';
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
  // One statement: the event, and the user's total only when the event was new.
  const result = (await tx.execute(sql`
    with event as (
      insert into ${xpEvents} (user_id, amount, kind, reference, idempotency_key)
      values (${input.userId}, ${input.amount}, ${input.kind}, ${input.reference}, ${input.idempotencyKey})
      on conflict (idempotency_key) do nothing
      returning user_id
    )
    update ${users} set xp = ${users}.xp + ${input.amount}
    from event where ${users}.id = event.user_id
    returning ${users}.id
  `)) as unknown as { rows: unknown[] };
  return { applied: result.rows.length > 0 };
}
