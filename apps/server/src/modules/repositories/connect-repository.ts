import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { repositories } from '../../db/schema';
import { AppError } from '../../errors';
import { githubStatus } from '../../integrations/github/errors';
import { encryptSecret } from '../../lib/secret-box';
import { toRepositoryView, type ConnectedRepositoryView } from './connected-repository';
import { requirePushAccess } from './repository-access';
import { storeRepositoryConnection } from './store-repository-connection';

/**
 * Connects a repository: OpenStake stores a webhook secret of this repository's own (encrypted)
 * and the stake settings, then GitHub gets the webhook. The row comes first so GitHub's first
 * delivery (its ping) is already verifiable; if GitHub refuses the webhook, the row is reverted.
 */
export async function connectRepository(
  input: {
    userId: string;
    owner: string;
    repo: string;
    deductionPercent: number;
    webhookUrl: string;
  },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock'>,
): Promise<ConnectedRepositoryView> {
  const access = await requirePushAccess(input, ctx);
  const secret = randomBytes(32).toString('hex');
  const row = await storeRepositoryConnection(
    {
      repository: {
        githubId: access.repositoryId,
        fullName: access.fullName,
        language: access.repository.language,
      },
      connectedBy: input.userId,
      route: {
        webhookSecretEncrypted: encryptSecret(ctx.secrets.encryptionKey, secret),
        deductionPercent: input.deductionPercent,
      },
    },
    ctx,
  );
  if (!row) throw new AppError('CONFLICT', { message: `${access.fullName} is already connected` });

  let hookId: number;
  try {
    hookId = await ctx.github.createWebhook(access.token, {
      owner: input.owner,
      repo: input.repo,
      url: input.webhookUrl,
      secret,
    });
  } catch (error) {
    await ctx.db
      .update(repositories)
      .set({ connectedAt: null, webhookSecretEncrypted: null })
      .where(eq(repositories.id, row.id));
    const status = githubStatus(error);
    if (status === 403 || status === 404) {
      throw new AppError('FORBIDDEN', {
        message: `GitHub refused to add a webhook to ${access.fullName}: admin access is needed`,
        cause: error,
      });
    }
    throw error;
  }
  const [connected] = await ctx.db
    .update(repositories)
    .set({ webhookId: hookId })
    .where(eq(repositories.id, row.id))
    .returning();
  return toRepositoryView(connected ?? row);
}
