import type { Stake } from '@openstake/core';
import type { AppContext } from '../../context';
import { stakesPageRows } from './stake-store';
import { encodeStakesCursor, type StakesCursor } from './stakes-cursor';

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
