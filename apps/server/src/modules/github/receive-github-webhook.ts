import { verify } from '@octokit/webhooks-methods';
import type { AppContext } from '../../context';
import { githubDeliveries } from '../../db/schema';
import { AppError } from '../../errors';
import { decryptSecret } from '../../lib/secret-box';
import { findConnectedRepository } from './connected-repository';

/** Events the stake settlement (and the tracked issues' state) consume; others are recorded as already processed. */
export const SETTLEMENT_EVENTS = new Set(['pull_request', 'pull_request_review', 'issues']);

const rejected = () => new AppError('UNAUTHENTICATED', { message: 'Invalid webhook signature' });

/**
 * Accepts a GitHub webhook delivery: the signature must be the repository's own secret's
 * HMAC-SHA256 of the exact body (compared in constant time), and each delivery id is recorded
 * once, so a redelivery is acknowledged and ignored.
 */
export async function receiveGithubWebhook(
  input: {
    rawBody: string;
    signature: string | undefined;
    deliveryId: string | undefined;
    event: string | undefined;
  },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock'>,
): Promise<{ duplicate: boolean }> {
  if (!input.signature) throw rejected();
  let payload: { action?: unknown; repository?: { full_name?: unknown } };
  try {
    payload = JSON.parse(input.rawBody) as typeof payload;
  } catch {
    throw rejected();
  }
  const fullName =
    typeof payload.repository?.full_name === 'string' ? payload.repository.full_name : undefined;
  const repository = fullName ? await findConnectedRepository(ctx.db, fullName) : undefined;
  if (!repository?.webhookSecretEncrypted) throw rejected();
  const secret = decryptSecret(ctx.secrets.encryptionKey, repository.webhookSecretEncrypted);
  if (!(await verify(secret, input.rawBody, input.signature).catch(() => false))) throw rejected();

  if (!input.deliveryId || !input.event) {
    throw new AppError('BAD_REQUEST', {
      message: 'X-GitHub-Delivery and X-GitHub-Event headers are required',
    });
  }
  const inserted = await ctx.db
    .insert(githubDeliveries)
    .values({
      deliveryId: input.deliveryId,
      event: input.event,
      action: typeof payload.action === 'string' ? payload.action : null,
      repositoryFullName: repository.fullName,
      payload,
      processedAt: SETTLEMENT_EVENTS.has(input.event) ? null : ctx.clock.now(),
    })
    .onConflictDoNothing({ target: githubDeliveries.deliveryId })
    .returning({ id: githubDeliveries.deliveryId });
  return { duplicate: inserted.length === 0 };
}
