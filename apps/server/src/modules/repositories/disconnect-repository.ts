import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { repositories } from '../../db/schema';
import { AppError } from '../../errors';
import { findConnectedRepository } from './connected-repository';
import { repoFullName, requirePushAccess } from './repository-access';

/** Removes the webhook on GitHub, then forgets it; the repository's settings are kept. */
export async function disconnectRepository(
  input: { userId: string; owner: string; repo: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<void> {
  const access = await requirePushAccess(input, ctx);
  const row = await findConnectedRepository(ctx.db, repoFullName(input.owner, input.repo));
  if (!row) throw new AppError('NOT_FOUND', { message: `${access.fullName} is not connected` });
  if (row.webhookId !== null) {
    await ctx.github.deleteWebhook(access.token, {
      owner: input.owner,
      repo: input.repo,
      hookId: row.webhookId,
    });
  }
  await ctx.db
    .update(repositories)
    .set({ webhookId: null, webhookSecretEncrypted: null, connectedAt: null })
    .where(eq(repositories.id, row.id));
}
