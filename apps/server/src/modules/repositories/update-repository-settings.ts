import type { UpdateRepositorySettingsInput } from '@openstake/core';
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

/**
 * Changes a connected repository's settings (its deduction percent, bot comments and stake
 * policy), those given and only those; the caller needs push access on GitHub.
 */
export async function updateRepositorySettings(
  input: { userId: string; owner: string; repo: string; settings: UpdateRepositorySettingsInput },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<ConnectedRepositoryView> {
  const access = await requirePushAccess(input, ctx);
  const row = await findConnectedRepository(ctx.db, repoFullName(input.owner, input.repo));
  if (!row) throw new AppError('NOT_FOUND', { message: `${access.fullName} is not connected` });
  // The schema knows only settings' names, each a column of the same name; undefined is left alone.
  const changes = Object.fromEntries(
    Object.entries(input.settings).filter(([, value]) => value !== undefined),
  ) as UpdateRepositorySettingsInput;
  const [updated] = await ctx.db
    .update(repositories)
    .set(changes)
    .where(eq(repositories.id, row.id))
    .returning();
  return toRepositoryView(updated ?? row);
}
