import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { repositories } from '../../db/schema';
import { toRepositoryView, type ConnectedRepositoryView } from './connected-repository';

export async function listConnectedRepositories(
  userId: string,
  ctx: Pick<AppContext, 'db'>,
): Promise<ConnectedRepositoryView[]> {
  const rows = await ctx.db
    .select()
    .from(repositories)
    .where(and(eq(repositories.connectedBy, userId), isNotNull(repositories.connectedAt)))
    .orderBy(asc(repositories.fullName));
  return rows.map(toRepositoryView);
}
