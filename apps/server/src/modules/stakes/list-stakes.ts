import { and, desc, eq, sql } from 'drizzle-orm';
import type { Stake } from '@openstake/core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { stakes, trackedIssues } from '../../db/schema';
import { stakeViewColumns } from './stake-view';
import { encodeStakesCursor, type StakesCursor } from './stakes-cursor';

/**
 * The page query, with or without a cursor, its parameters as placeholders: userId, limit, and
 * with the cursor afterMicros and afterId. It selects a stake exactly as the list shows it
 * (stakeViewColumns), so a row goes to the serializer as it comes.
 */
export function stakesPageQuery(db: Db, withCursor: boolean) {
  return db
    .select({
      ...stakeViewColumns,
      createdAtMicros: sql<string>`(extract(epoch from ${stakes.createdAt}) * 1000000)::bigint::text`,
    })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(
      and(
        eq(stakes.userId, sql.placeholder('userId')),
        withCursor
          ? sql`(${stakes.createdAt}, ${stakes.id}) < ('epoch'::timestamptz + ${sql.placeholder('afterMicros')}::bigint * interval '1 microsecond', ${sql.placeholder('afterId')}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(stakes.createdAt), desc(stakes.id))
    .limit(sql.placeholder('limit'));
}

// The list is the hottest read there is: built once per database and prepared on the server.
const pageStatements = preparedPerDb((db) => ({
  first: stakesPageQuery(db, false).prepare('stakes_page_first'),
  after: stakesPageQuery(db, true).prepare('stakes_page_after'),
}));

/**
 * One more than a page of the contributor's stakes, newest first (created_at, then id), after
 * `after` when given. Read through stakes_user_created_idx, so a page costs the same however many
 * stakes there are (test/indexes.pg.test.ts checks the plan).
 */
export function stakesPageRows(
  db: Db,
  input: { userId: string; limit: number; after?: StakesCursor | undefined },
) {
  const queries = pageStatements(db);
  const { after } = input;
  const params = { userId: input.userId, limit: input.limit + 1 };
  return after
    ? queries.after.execute({ ...params, afterMicros: after.createdAtMicros, afterId: after.id })
    : queries.first.execute(params);
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
    // createdAtMicros rides along to the serializer, which writes only the schema's fields.
    stakes: page,
    nextCursor:
      rows.length > input.limit && last
        ? encodeStakesCursor({ createdAtMicros: last.createdAtMicros, id: last._id })
        : null,
  };
}
