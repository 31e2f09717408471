import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { parseSlashCommand, VOUCH_FILE_PATH } from '@openstake/core';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { githubDeliveries, repositories } from '../../db/schema';
import { AppError } from '../../errors';
import { decryptSecret } from '../../lib/secret-box';
import { withoutNul } from '../../lib/without-nul';
import { stakeWaitsOn } from '../stakes/stake-store';
import { dispatchGithubEvents } from './dispatch-github-events';
import { enforceStakeOnPullRequestLater } from './enforce-stake-on-pull-request';

interface InstallationRepositoryPayload {
  id?: unknown;
  full_name?: unknown;
}

interface Payload {
  action?: unknown;
  repository?: { id?: unknown; default_branch?: unknown };
  ref?: unknown;
  commits?: { added?: unknown; removed?: unknown; modified?: unknown }[];
  installation?: { id?: unknown; app_id?: unknown; account?: { login?: unknown } | null };
  sender?: { id?: unknown; login?: unknown };
  repositories?: InstallationRepositoryPayload[];
  repositories_added?: InstallationRepositoryPayload[];
  repositories_removed?: InstallationRepositoryPayload[];
  issue?: {
    id?: unknown;
    number?: unknown;
    state?: unknown;
    user?: { login?: unknown } | null;
    pull_request?: { html_url?: unknown } | null;
  };
  comment?: {
    id?: unknown;
    body?: unknown;
    user?: { id?: unknown; login?: unknown; type?: unknown } | null;
  };
  pull_request?: {
    number?: unknown;
    state?: unknown;
    merged?: unknown;
    user?: { login?: unknown } | null;
    merged_by?: { login?: unknown; id?: unknown } | null;
    merged_at?: unknown;
    body?: unknown;
    base?: {
      repo?: {
        id?: unknown;
        owner?: { id?: unknown } | null;
        stargazers_count?: unknown;
        forks_count?: unknown;
        created_at?: unknown;
      } | null;
    } | null;
  };
}

/**
 * A slash command's line is short (`/denounce @user` and a reason of at most 300 characters); a
 * longer first line is kept only this far.
 */
const SLASH_COMMAND_LINE_MAX = 360;

/**
 * What is kept of a delivery: only the fields settlement reads (dispatch-github-events.ts),
 * and whether it has anything to settle. A closed pull request settles its stakes; a closed or
 * reopened issue changes the tracked issue's state; a new comment may run a slash command. Every
 * other event is recorded as handled.
 */
export function settlementRecord(
  event: string,
  payload: Payload,
): { payload: object; settles: boolean; pullRequestNumber?: number } {
  const action = typeof payload.action === 'string' ? payload.action : null;
  const pr = payload.pull_request;
  if (event === 'pull_request' && action === 'closed' && pr) {
    return {
      settles: true,
      ...(typeof pr.number === 'number' && { pullRequestNumber: pr.number }),
      payload: {
        action,
        pull_request: {
          number: pr.number,
          state: pr.state,
          merged: pr.merged,
          user: { login: pr.user?.login },
          merged_by: pr.merged_by ? { login: pr.merged_by.login, id: pr.merged_by.id } : null,
          merged_at: pr.merged_at,
          body: pr.body,
          // The repository's standing decides what a merge pays, and the merging account's,
          // the repository's and its owner's ids are what its limits count by (decision 012).
          base: {
            repo: {
              id: pr.base?.repo?.id,
              owner: { id: pr.base?.repo?.owner?.id },
              stargazers_count: pr.base?.repo?.stargazers_count,
              forks_count: pr.base?.repo?.forks_count,
              created_at: pr.base?.repo?.created_at,
            },
          },
        },
      },
    };
  }
  if (event === 'issues' && (action === 'closed' || action === 'reopened')) {
    return { settles: true, payload: { action, issue: { id: payload.issue?.id } } };
  }
  // A new comment may hold a slash command (run-slash-command.ts): only its first line can, so
  // only that is kept, and only when it is one (or a malformed one, which is answered with the
  // usage); any other comment is only recorded. Edited and deleted comments run nothing.
  const comment = payload.comment;
  const body = typeof comment?.body === 'string' ? comment.body : '';
  if (event === 'issue_comment' && action === 'created' && comment && parseSlashCommand(body)) {
    const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
    return {
      settles: true,
      payload: {
        action,
        comment: {
          id: comment.id,
          body: firstLine.slice(0, SLASH_COMMAND_LINE_MAX),
          user: { id: comment.user?.id, login: comment.user?.login, type: comment.user?.type },
        },
        issue: {
          number: payload.issue?.number,
          state: payload.issue?.state,
          user: { login: payload.issue?.user?.login },
          pull_request: payload.issue?.pull_request
            ? { html_url: payload.issue.pull_request.html_url }
            : null,
        },
      },
    };
  }
  // A new hook's ping (the repository was just connected), and a push to the default branch that
  // touches the repository's VOUCHED.td: the file is read (modules/vouches/read-vouch-file.ts).
  if (event === 'ping' || (event === 'push' && pushTouchesVouchFile(payload))) {
    return { settles: true, payload: { action } };
  }
  // The GitHub App's installations connect and disconnect repositories (apply-installation-event.ts).
  const repositoriesOf = (list: InstallationRepositoryPayload[] | undefined) =>
    Array.isArray(list) ? list.map((r) => ({ id: r.id, full_name: r.full_name })) : undefined;
  if (
    (event === 'installation' && (action === 'created' || action === 'deleted')) ||
    (event === 'installation_repositories' && (action === 'added' || action === 'removed'))
  ) {
    const installation = payload.installation;
    return {
      settles: true,
      payload: {
        action,
        installation: {
          id: installation?.id,
          app_id: installation?.app_id,
          account: { login: installation?.account?.login },
        },
        sender: { id: payload.sender?.id, login: payload.sender?.login },
        repositories: repositoriesOf(payload.repositories),
        repositories_added: repositoriesOf(payload.repositories_added),
        repositories_removed: repositoriesOf(payload.repositories_removed),
      },
    };
  }
  return { settles: false, payload: { action } };
}

function pushTouchesVouchFile(payload: Payload): boolean {
  const branch = payload.repository?.default_branch;
  if (typeof branch !== 'string' || payload.ref !== `refs/heads/${branch}`) return false;
  const touched = (paths: unknown) => Array.isArray(paths) && paths.includes(VOUCH_FILE_PATH);
  return (payload.commits ?? []).some(
    (c) => touched(c.added) || touched(c.modified) || touched(c.removed),
  );
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
  /** `X-GitHub-Hook-Installation-Target-Type`: `repository` for a repository's hook, `integration` for the app's. */
  targetType: string | undefined;
  /** `X-GitHub-Hook-Installation-Target-ID`: the repository's GitHub id, or the app's id. */
  targetId: number | undefined;
}

// Every delivery looks its hook up: prepared once per database, with and without the target.
const hookRepository = preparedPerDb((db) => {
  const query = (withTarget: boolean) => {
    const byHook = eq(repositories.webhookId, sql.placeholder('hookId'));
    // Only what the delivery's check and record read.
    return db
      .select({
        githubId: repositories.githubId,
        fullName: repositories.fullName,
        installationId: repositories.installationId,
        webhookSecretEncrypted: repositories.webhookSecretEncrypted,
      })
      .from(repositories)
      .where(
        and(
          isNotNull(repositories.connectedAt),
          isNotNull(repositories.webhookSecretEncrypted),
          withTarget
            ? or(
                byHook,
                and(
                  isNull(repositories.webhookId),
                  eq(repositories.githubId, sql.placeholder('repositoryId')),
                ),
              )
            : byHook,
        ),
      )
      .limit(1);
  };
  return {
    byHook: query(false).prepare('webhook_repository_by_hook'),
    byHookOrTarget: query(true).prepare('webhook_repository_by_hook_or_target'),
  };
});

/**
 * The connected repository a hook belongs to. GitHub may ping a new hook before OpenStake has
 * stored its id (the id comes back with the answer that creates it), so while a connection is in
 * progress (a secret, no hook id yet) the repository is also found by the hook's target, its
 * GitHub id; the signature with that repository's own secret proves the sender either way.
 */
async function findHookRepository(db: Db, hookId: number, repositoryId: number | undefined) {
  const statements = hookRepository(db);
  const [row] =
    repositoryId === undefined
      ? await statements.byHook.execute({ hookId })
      : await statements.byHookOrTarget.execute({ hookId, repositoryId });
  return row;
}

/** Constant-time check of `X-Hub-Signature-256` (`sha256=<hex>`) against the raw bytes. */
function hasValidSignature(secret: string, body: Buffer, signature: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

/** The delivery's body as a JSON object, once its signature is verified. */
function parsePayload(rawBody: Buffer): Payload {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('The webhook body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('The webhook body must be a JSON object');
  }
  // The hash of the exact bytes is taken before, so a replay is still recognised.
  // JSON can only carry U+0000 escaped as \u0000: without that text there is none to strip.
  return (rawBody.includes('\\u0000') ? withoutNul(parsed) : parsed) as Payload;
}

/** Records a verified delivery once; a duplicate (by delivery id, or by event and bytes) is not. */
async function recordDelivery(
  input: WebhookDelivery,
  payload: Payload,
  repositoryFullName: string,
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<{ duplicate: boolean; settles: boolean }> {
  const record = settlementRecord(input.event, payload);
  const action = typeof payload.action === 'string' ? payload.action : null;
  // A closed pull request settles something only when a stake waits on it. Most have none: they
  // are recorded as handled, without what only the settlement reads (the body, up to 64 kB),
  // and nothing runs after the answer.
  const settles =
    record.settles &&
    (record.pullRequestNumber === undefined ||
      (await stakeWaitsOn(ctx.db, repositoryFullName, record.pullRequestNumber)));
  const inserted = await ctx.db
    .insert(githubDeliveries)
    .values({
      deliveryId: input.deliveryId,
      event: input.event,
      action,
      repositoryFullName,
      payload: settles ? record.payload : { action },
      // A JSON object body starts with '{', which no event name holds: the pair is unambiguous.
      payloadSha256: createHash('sha256').update(input.event).update(input.rawBody).digest('hex'),
      processedAt: settles ? null : ctx.clock.now(),
    })
    // Either unique key, the delivery id or the event and body hash, makes it a duplicate.
    .onConflictDoNothing()
    .returning({ id: githubDeliveries.deliveryId });
  const duplicate = inserted.length === 0;
  return { duplicate, settles: !duplicate && settles };
}

export interface ReceivedWebhook {
  duplicate: boolean;
  settles: boolean;
  /** A verified app delivery about nothing OpenStake follows (a repository not connected). */
  ignored?: boolean;
  /** A pull request of an app-connected repository whose `openstake/stake` status may change. */
  stakeStatusOf?: { repositoryFullName: string; prNumber: number };
}

// The pull request actions after which its stake status is written again (a new head needs one).
const STATUS_ACTIONS = new Set(['opened', 'edited', 'reopened', 'synchronize']);

/**
 * A delivery to the GitHub App's one webhook, signed with the app's secret. Installation events
 * are recorded (they connect and disconnect repositories); an event about a repository counts
 * only when that repository is connected through the installation it names.
 */
async function receiveAppWebhook(
  input: WebhookDelivery,
  ctx: Pick<AppContext, 'db' | 'clock' | 'githubApp'>,
): Promise<ReceivedWebhook> {
  const app = ctx.githubApp;
  if (!app || !input.signature) throw rejected();
  if (input.targetId !== undefined && input.targetId !== app.settings.appId) throw rejected();
  if (!hasValidSignature(app.settings.webhookSecret, input.rawBody, input.signature)) {
    throw rejected();
  }
  const payload = parsePayload(input.rawBody);
  const installationId = payload.installation?.id;
  if (typeof installationId !== 'number') {
    // GitHub's `ping` to the app's webhook names no installation: nothing to record.
    return { duplicate: false, settles: false, ignored: true };
  }
  if (input.event === 'installation' || input.event === 'installation_repositories') {
    const account = payload.installation?.account?.login;
    return recordDelivery(input, payload, typeof account === 'string' ? account : '', ctx);
  }
  const repositoryId = payload.repository?.id;
  if (typeof repositoryId !== 'number') return { duplicate: false, settles: false, ignored: true };
  const [repository] = await ctx.db
    .select({ fullName: repositories.fullName })
    .from(repositories)
    .where(
      and(
        eq(repositories.githubId, repositoryId),
        eq(repositories.installationId, installationId),
        isNotNull(repositories.connectedAt),
      ),
    )
    .limit(1);
  if (!repository) return { duplicate: false, settles: false, ignored: true };
  return withStakeStatus(
    await recordDelivery(input, payload, repository.fullName, ctx),
    input.event,
    payload,
    repository.fullName,
  );
}

/**
 * A pull request opened or pushed to in an app-connected repository: its `openstake/stake`
 * status is to be written. A repository taken over by the app keeps its own hook, so GitHub may
 * send the event twice: under one delivery id (as the simulator does) only the first copy
 * recorded asks; under two, both ask and the same status is written twice.
 */
function withStakeStatus(
  recorded: ReceivedWebhook,
  event: string,
  payload: Payload,
  repositoryFullName: string,
): ReceivedWebhook {
  const prNumber = payload.pull_request?.number;
  if (
    !recorded.duplicate &&
    event === 'pull_request' &&
    STATUS_ACTIONS.has(String(payload.action)) &&
    typeof prNumber === 'number'
  ) {
    return { ...recorded, stakeStatusOf: { repositoryFullName, prNumber } };
  }
  return recorded;
}

/**
 * Accepts a GitHub webhook delivery: a repository's own hook, or (`X-GitHub-Hook-Installation-
 * Target-Type: integration`) the GitHub App's. A repository hook's repository, hence its secret,
 * comes from the `X-GitHub-Hook-ID` header; the app's deliveries are signed with the app's secret.
 * Either way the body is parsed only once the HMAC-SHA256 of its exact bytes with that secret is
 * verified (in constant time), so nothing an unauthenticated sender writes is read. Each delivery
 * is recorded once: a redelivery (the same `X-GitHub-Delivery`) and a replay of captured signed
 * bytes under a fresh delivery id (the same event and body hash) are acknowledged and ignored.
 * Two genuine events are byte-identical only when they say the same thing about the same state
 * within one second (payloads carry `updated_at` in whole seconds, e.g. closed, reopened and
 * closed again at once); the polling jobs catch what that would miss.
 */
export async function receiveGithubWebhook(
  input: WebhookDelivery,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock' | 'githubApp'>,
): Promise<ReceivedWebhook> {
  if (input.targetType === 'integration') return receiveAppWebhook(input, ctx);
  if (!input.signature) throw rejected();
  const repository = await findHookRepository(
    ctx.db,
    input.hookId,
    input.targetType === 'repository' ? input.targetId : undefined,
  );
  if (!repository?.webhookSecretEncrypted) throw rejected();
  const secret = decryptSecret(ctx.secrets.encryptionKey, repository.webhookSecretEncrypted);
  if (!hasValidSignature(secret, input.rawBody, input.signature)) throw rejected();

  const payload = parsePayload(input.rawBody);
  if (payload.repository?.id !== repository.githubId) {
    throw badRequest("The payload's repository is not the webhook's repository");
  }
  const recorded = await recordDelivery(input, payload, repository.fullName, ctx);
  return repository.installationId === null
    ? recorded
    : withStakeStatus(recorded, input.event, payload, repository.fullName);
}

/**
 * What a delivery leads to once GitHub has its answer, so a slow settlement never makes GitHub
 * time out and redeliver. A delivery with something to settle (a closed pull request or issue) is
 * dispatched; the background job retries it if this fails. A pull request opened or pushed to in
 * an app-connected repository gets its stake status again, and on a bounty issue the bot's notice
 * or close where the repository opted in. Every other delivery is only recorded.
 */
export function followUpGithubWebhook(
  input: { deliveryId: string; received: ReceivedWebhook },
  ctx: Parameters<typeof dispatchGithubEvents>[0] &
    Parameters<typeof enforceStakeOnPullRequestLater>[1],
): void {
  const { received } = input;
  if (!received.duplicate && received.settles) {
    ctx.background.run('settle-github-delivery', () =>
      dispatchGithubEvents(ctx, { deliveryId: input.deliveryId }),
    );
  }
  if (received.stakeStatusOf) enforceStakeOnPullRequestLater(received.stakeStatusOf, ctx);
}
