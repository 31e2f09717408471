import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { githubDeliveries, repositories } from '../../db/schema';
import { AppError } from '../../errors';
import { decryptSecret } from '../../lib/secret-box';
import { withoutNul } from '../../lib/without-nul';

interface Payload {
  action?: unknown;
  repository?: { id?: unknown };
  issue?: { id?: unknown };
  pull_request?: {
    number?: unknown;
    state?: unknown;
    merged?: unknown;
    user?: { login?: unknown } | null;
    merged_by?: { login?: unknown } | null;
    merged_at?: unknown;
    body?: unknown;
  };
}

/**
 * What is kept of a delivery: only the fields settlement reads (settle-from-github-events.ts),
 * and whether it has anything to settle. A closed pull request settles its stakes; a closed or
 * reopened issue changes the tracked issue's state. Every other event is recorded as handled.
 */
export function settlementRecord(
  event: string,
  payload: Payload,
): { payload: object; settles: boolean } {
  const action = typeof payload.action === 'string' ? payload.action : null;
  const pr = payload.pull_request;
  if (event === 'pull_request' && action === 'closed' && pr) {
    return {
      settles: true,
      payload: {
        action,
        pull_request: {
          number: pr.number,
          state: pr.state,
          merged: pr.merged,
          user: { login: pr.user?.login },
          merged_by: pr.merged_by ? { login: pr.merged_by.login } : null,
          merged_at: pr.merged_at,
          body: pr.body,
        },
      },
    };
  }
  if (event === 'issues' && (action === 'closed' || action === 'reopened')) {
    return { settles: true, payload: { action, issue: { id: payload.issue?.id } } };
  }
  return { settles: false, payload: { action } };
}

const rejected = () => new AppError('UNAUTHENTICATED', { message: 'Invalid webhook signature' });
const badRequest = (message: string) => new AppError('BAD_REQUEST', { message });

export interface WebhookDelivery {
  /** The body exactly as received: the signature covers these bytes. */
  rawBody: Buffer;
  signature: string | undefined;
  deliveryId: string;
  event: string;
  /** `X-GitHub-Hook-ID`: the hook, hence the repository, hence the secret. */
  hookId: number;
  /** `X-GitHub-Hook-Installation-Target-ID` of a repository's hook: the repository's GitHub id. */
  repositoryId: number | undefined;
}

/**
 * The connected repository a hook belongs to. GitHub may ping a new hook before OpenStake has
 * stored its id (the id comes back with the answer that creates it), so while a connection is in
 * progress (a secret, no hook id yet) the repository is also found by the hook's target, its
 * GitHub id; the signature with that repository's own secret proves the sender either way.
 */
async function findHookRepository(db: Queryable, hookId: number, repositoryId: number | undefined) {
  const byHook = eq(repositories.webhookId, hookId);
  const [row] = await db
    .select()
    .from(repositories)
    .where(
      and(
        isNotNull(repositories.connectedAt),
        isNotNull(repositories.webhookSecretEncrypted),
        repositoryId === undefined
          ? byHook
          : or(
              byHook,
              and(isNull(repositories.webhookId), eq(repositories.githubId, repositoryId)),
            ),
      ),
    )
    .limit(1);
  return row;
}

/** Constant-time check of `X-Hub-Signature-256` (`sha256=<hex>`) against the raw bytes. */
function hasValidSignature(secret: string, body: Buffer, signature: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

/**
 * Accepts a GitHub webhook delivery. The repository, hence its secret, comes from the
 * `X-GitHub-Hook-ID` header, and the body is parsed only once the HMAC-SHA256 of its exact bytes
 * with that secret is verified (in constant time), so nothing an unauthenticated sender writes
 * is read. Each delivery is recorded once: a redelivery (the same `X-GitHub-Delivery`) and a replay
 * of captured signed bytes under a fresh delivery id (the same event and body hash) are
 * acknowledged and ignored. Two genuine events are byte-identical only when they say the same
 * thing about the same state within one second (payloads carry `updated_at` in whole seconds,
 * e.g. closed, reopened and closed again at once); the polling jobs catch what that would miss.
 */
export async function receiveGithubWebhook(
  input: WebhookDelivery,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock'>,
): Promise<{ duplicate: boolean; settles: boolean }> {
  if (!input.signature) throw rejected();
  const repository = await findHookRepository(ctx.db, input.hookId, input.repositoryId);
  if (!repository?.webhookSecretEncrypted) throw rejected();
  const secret = decryptSecret(ctx.secrets.encryptionKey, repository.webhookSecretEncrypted);
  if (!hasValidSignature(secret, input.rawBody, input.signature)) throw rejected();

  let parsed: unknown;
  try {
    parsed = JSON.parse(input.rawBody.toString('utf8'));
  } catch {
    throw badRequest('The webhook body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('The webhook body must be a JSON object');
  }
  // The hash of the exact bytes is taken before, so a replay is still recognised.
  // JSON can only carry U+0000 escaped as \u0000: without that text there is none to strip.
  const payload = (input.rawBody.includes('\\u0000') ? withoutNul(parsed) : parsed) as Payload;
  if (payload.repository?.id !== repository.githubId) {
    throw badRequest("The payload's repository is not the webhook's repository");
  }

  const record = settlementRecord(input.event, payload);
  const inserted = await ctx.db
    .insert(githubDeliveries)
    .values({
      deliveryId: input.deliveryId,
      event: input.event,
      action: typeof payload.action === 'string' ? payload.action : null,
      repositoryFullName: repository.fullName,
      payload: record.payload,
      // A JSON object body starts with '{', which no event name holds: the pair is unambiguous.
      payloadSha256: createHash('sha256').update(input.event).update(input.rawBody).digest('hex'),
      processedAt: record.settles ? null : ctx.clock.now(),
    })
    // Either unique key, the delivery id or the event and body hash, makes it a duplicate.
    .onConflictDoNothing()
    .returning({ id: githubDeliveries.deliveryId });
  return { duplicate: inserted.length === 0, settles: record.settles };
}
