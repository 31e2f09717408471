import { sql, type SQL } from 'drizzle-orm';
import type { XpLimitReason } from '@openstake/core';
import type { Tx } from '../../db/database';
import { users, xpEvents } from '../../db/schema';

export type XpKind = 'starting_xp' | 'merge_reward';

/**
 * Where a merge's XP came from: the GitHub account that merged, the repository, its owner, by
 * name (lowercase, to show) and by GitHub's numeric id (null when GitHub did not say).
 */
export interface XpSource {
  login: string;
  loginId: number | null;
  repository: string;
  repositoryId: number | null;
  organization: string;
  organizationId: number | null;
}

/** The xp_events columns of each part of a source: its name, and its id. */
const SOURCE_COLUMNS = {
  login: ['source_login', 'source_login_id'],
  repository: ['source_repository', 'source_repository_id'],
  organization: ['source_organization', 'source_organization_id'],
} as const;

/**
 * Whether an event (`xp_events`, or `alias`) came from this source's `part`: the same GitHub id
 * when both have one, so a rename is the same source; otherwise the same name (events recorded
 * before ids were kept, and answers without an id).
 */
export function sameSource(
  source: XpSource,
  part: keyof typeof SOURCE_COLUMNS,
  alias?: string,
): SQL {
  const [name, id] = SOURCE_COLUMNS[part];
  const column = (c: string) => sql.raw(alias ? `${alias}.${c}` : c);
  return sql`coalesce(${column(id)} = ${source[`${part}Id`]}::bigint, ${column(name)} = ${source[part]})`;
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
  const firstFrom = (part: 'login' | 'repository') =>
    source
      ? sql`case when event.amount > 0 and not exists (
          select 1 from ${xpEvents} earlier where earlier.user_id = event.user_id
            and earlier.amount > 0 and ${sameSource(source, part, 'earlier')})
        then 1 else 0 end`
      : sql`0`;
  const result = (await tx.execute(sql`
    with event as (
      insert into ${xpEvents} (user_id, amount, uncounted, kind, reference, idempotency_key,
        source_login, source_login_id, source_repository, source_repository_id,
        source_organization, source_organization_id, limit_reason, created_at)
      values (${input.userId}, ${input.amount}, ${uncounted}, ${input.kind}, ${input.reference},
        ${input.idempotencyKey}, ${source?.login ?? null}, ${source?.loginId ?? null},
        ${source?.repository ?? null}, ${source?.repositoryId ?? null},
        ${source?.organization ?? null}, ${source?.organizationId ?? null},
        ${input.limitReason ?? null},
        coalesce(${input.at?.toISOString() ?? null}::timestamptz, now()))
      on conflict (idempotency_key) do nothing
      returning user_id, amount
    )
    update ${users} set xp = ${users}.xp + event.amount,
      xp_maintainers = ${users}.xp_maintainers + ${firstFrom('login')},
      xp_repositories = ${users}.xp_repositories + ${firstFrom('repository')}
    from event where ${users}.id = event.user_id
    returning ${users}.id
  `)) as unknown as { rows: unknown[] };
  return { applied: result.rows.length > 0 };
}
