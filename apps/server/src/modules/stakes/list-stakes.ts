import { and, desc, eq, sql } from 'drizzle-orm';
import type { Stake } from '@openstake/core';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { stakes, trackedIssues } from '../../db/schema';
import { encodeStakesCursor, type StakesCursor } from './stakes-cursor';
import { toStakeView } from './stake-view';

/**
 * One more than a page of the contributor's stakes, newest first (created_at, then id), after
 * `after` when given. Read through stakes_user_created_idx, so a page costs the same however many
 * stakes there are (test/indexes.pg.test.ts checks the plan).
 */
export function stakesPageRows(
  db: Queryable,
  input: { userId: string; limit: number; after?: StakesCursor | undefined },
) {
  const { after } = input;
  return db
    .select({
      stake: stakes,
      issue: { number: trackedIssues.number, title: trackedIssues.title },
      createdAtMicros: sql<string>`(extract(epoch from ${stakes.createdAt}) * 1000000)::bigint::text`,
    })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(
      and(
        eq(stakes.userId, input.userId),
        after
          ? sql`(${stakes.createdAt}, ${stakes.id}) < ('epoch'::timestamptz + ${after.createdAtMicros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(stakes.createdAt), desc(stakes.id))
    .limit(input.limit + 1);
}

/** A page of my stakes, newest first, and the cursor of the next page (null after the last). */
export async function listStakes(
  input: { userId: string; limit: number; cursor?: StakesCursor | undefined },
  ctx: Pick<AppContext, 'db'>,
): Promise<{ stakes: Stake[]; nextCursor: string | null }> {
  const rows = await stakesPageRows(ctx.db, {
    userId: input.userId,
    limit: input.limit,
    after: input.cursor,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    stakes: page.map((r) => toStakeView(r.stake, r.issue)),
    nextCursor:
      rows.length > input.limit && last
        ? encodeStakesCursor({ createdAtMicros: last.createdAtMicros, id: last.stake.id })
        : null,
  };
}
