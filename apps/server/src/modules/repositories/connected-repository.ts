import { and, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { repositories } from '../../db/schema';

export interface ConnectedRepositoryView {
  fullName: string;
  deductionPercent: number;
  connectedAt: string;
  botComments: boolean;
}

export const toRepositoryView = (
  row: typeof repositories.$inferSelect,
): ConnectedRepositoryView => ({
  fullName: row.fullName,
  deductionPercent: row.deductionPercent,
  connectedAt: (row.connectedAt ?? row.createdAt).toISOString(),
  botComments: row.botComments,
});

export async function findConnectedRepository(db: Queryable, fullName: string) {
  const [row] = await db
    .select()
    .from(repositories)
    .where(
      and(eq(repositories.fullName, fullName.toLowerCase()), isNotNull(repositories.connectedAt)),
    );
  return row;
}
