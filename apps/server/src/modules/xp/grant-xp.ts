import { sql } from 'drizzle-orm';
import type { XpLimitReason } from '@openstake/core';
import type { Tx } from '../../db/database';
import { users, xpEvents } from '../../db/schema';

export type XpKind = 'starting_xp' | 'merge_reward';

/** Where a merge's XP came from: the GitHub account that merged, the repository, its owner. */
export interface XpSource {
  login: string;
  repository: string;
  organization: string;
}

/**
 * Records an XP grant inside the caller's transaction. Like a coin transfer, the idempotency key
 * makes a repeated grant do nothing; users.xp stays the sum of the user's counted amounts, and
 * users.xp_maintainers / xp_repositories the number of distinct sources that counted something.
 */
export async function grantXp(
  tx: Tx,
  input: {
    userId: string;
    /** What counts toward the rank. */
    amount: number;
    /** What was offered beyond it (decision 012); shown apart, never ranked. */
    uncounted?: number;
    kind: XpKind;
    reference: string;
    idempotencyKey: string;
    source?: XpSource;
    limitReason?: XpLimitReason | null;
    /** When it counts (the limits' 30 days are counted back from it); the database's now by default. */
    at?: Date;
  },
): Promise<{ applied: boolean }> {
  const uncounted = input.uncounted ?? 0;
  for (const value of [input.amount, uncounted]) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`XP grant amounts must be non-negative integers, got ${value}`);
    }
  }
  if (input.amount + uncounted === 0) throw new RangeError('An XP grant of nothing');
  const source = input.source;
  // A source that counted for the first time raises the user's distinct count. The statement's
  // other parts do not see the event it inserts, so `not exists` looks at earlier events only.
  const firstFrom = (column: 'source_login' | 'source_repository') => sql`case
    when event.amount > 0 and event.${sql.raw(column)} is not null and not exists (
      select 1 from ${xpEvents} earlier where earlier.user_id = event.user_id
        and earlier.amount > 0 and earlier.${sql.raw(column)} = event.${sql.raw(column)})
    then 1 else 0 end`;
  const result = (await tx.execute(sql`
    with event as (
      insert into ${xpEvents} (user_id, amount, uncounted, kind, reference, idempotency_key,
        source_login, source_repository, source_organization, limit_reason, created_at)
      values (${input.userId}, ${input.amount}, ${uncounted}, ${input.kind}, ${input.reference},
        ${input.idempotencyKey}, ${source?.login ?? null}, ${source?.repository ?? null},
        ${source?.organization ?? null}, ${input.limitReason ?? null},
        coalesce(${input.at?.toISOString() ?? null}::timestamptz, now()))
      on conflict (idempotency_key) do nothing
      returning user_id, amount, source_login, source_repository
    )
    update ${users} set xp = ${users}.xp + event.amount,
      xp_maintainers = ${users}.xp_maintainers + ${firstFrom('source_login')},
      xp_repositories = ${users}.xp_repositories + ${firstFrom('source_repository')}
    from event where ${users}.id = event.user_id
    returning ${users}.id
  `)) as unknown as { rows: unknown[] };
  return { applied: result.rows.length > 0 };
}
