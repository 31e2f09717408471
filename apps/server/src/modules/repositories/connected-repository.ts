import type { RepositoryPolicy } from '@openstake/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { repositories } from '../../db/schema';

export interface ConnectedRepositoryView extends RepositoryPolicy {
  fullName: string;
  deductionPercent: number;
  connectedAt: string;
  botComments: boolean;
}

/** The repository's stake policy (decision 015) as its maintainers set it. */
export const repositoryPolicyOf = (row: typeof repositories.$inferSelect): RepositoryPolicy => ({
  maxOpenStakesPerContributor: row.maxOpenStakesPerContributor,
  maxNewcomerStakesPerIssue: row.maxNewcomerStakesPerIssue,
  exclusiveWindowDays: row.exclusiveWindowDays,
  minXp: row.minXp,
  vouchedOnly: row.vouchedOnly,
  allowGenerated: row.allowGenerated,
  botUnstakedNotice: row.botUnstakedNotice,
  botCloseDenounced: row.botCloseDenounced,
});

export const toRepositoryView = (
  row: typeof repositories.$inferSelect,
): ConnectedRepositoryView => ({
  fullName: row.fullName,
  deductionPercent: row.deductionPercent,
  connectedAt: (row.connectedAt ?? row.createdAt).toISOString(),
  botComments: row.botComments,
  ...repositoryPolicyOf(row),
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
