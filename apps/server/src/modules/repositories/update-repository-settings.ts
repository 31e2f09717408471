import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { repositories } from '../../db/schema';
import { AppError } from '../../errors';
import {
  findConnectedRepository,
  toRepositoryView,
  type ConnectedRepositoryView,
} from './connected-repository';
import { repoFullName, requirePushAccess } from './repository-access';

export async function updateRepositorySettings(
  input: {
    userId: string;
    owner: string;
    repo: string;
    deductionPercent?: number | undefined;
    botComments?: boolean | undefined;
  },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<ConnectedRepositoryView> {
  const access = await requirePushAccess(input, ctx);
  const row = await findConnectedRepository(ctx.db, repoFullName(input.owner, input.repo));
  if (!row) throw new AppError('NOT_FOUND', { message: `${access.fullName} is not connected` });
  const [updated] = await ctx.db
    .update(repositories)
    .set({
      ...(input.deductionPercent !== undefined && { deductionPercent: input.deductionPercent }),
      ...(input.botComments !== undefined && { botComments: input.botComments }),
    })
    .where(eq(repositories.id, row.id))
    .returning();
  return toRepositoryView(updated ?? row);
}
