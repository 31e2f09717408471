import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { repositoryVouches } from '../../db/schema';

export type VouchKind = (typeof repositoryVouches.$inferSelect)['kind'];

/**
 * A maintainer's word on a GitHub user in a repository (decision 015), by GitHub id so a rename
 * keeps it: 'vouched', 'denounced', or null when nobody said anything.
 */
export async function vouchOf(
  db: Queryable,
  where: { repositoryId: string; githubUserId: number },
): Promise<VouchKind | null> {
  const [row] = await db
    .select({ kind: repositoryVouches.kind })
    .from(repositoryVouches)
    .where(
      and(
        eq(repositoryVouches.repositoryId, where.repositoryId),
        eq(repositoryVouches.githubUserId, where.githubUserId),
      ),
    );
  return row?.kind ?? null;
}
