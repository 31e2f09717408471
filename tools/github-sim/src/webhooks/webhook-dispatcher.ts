import { createHmac, randomUUID } from 'node:crypto';
import { nodeId } from '../render/urls';
import type { Hook, SimApp, SimState } from '../sim-state';
import { isoNow } from '../sim-state';
import type { WorldRepo } from '../world/types';

/** One delivery attempt, as `GithubSim.deliveries()` and `GET /_sim/deliveries` report it. */
export interface DeliveryRecord {
  /** `X-GitHub-Delivery`: shared by every attempt (and every hook) of one event. */
  id: string;
  /** The attempt's numeric id in the REST deliveries API (`delivery_id`). */
  deliveryId: number;
  hookId: number;
  /** The repository the event is about; 0 for an app-level event without one (`installation`). */
  repositoryId: number;
  /** Set when the delivery went to a GitHub App's webhook (not a repository hook). */
  appId: number | null;
  /** The `installation.id` an app delivery carries. */
  installationId: number | null;
  event: string;
  action: string | null;
  url: string;
  /** The receiver's HTTP status, or 0 when it could not be reached. */
  status: number;
  payload: unknown;
  /** The exact bytes sent (what the signature covers), to replay a captured delivery in tests. */
  body: string;
  requestHeaders: Record<string, string>;
  deliveredAt: string;
  redelivery: boolean;
  durationMs: number;
}

/** What the deliveries API also shows: the response as received. */
export interface StoredDelivery extends DeliveryRecord {
  responseHeaders: Record<string, string>;
  responseBody: string;
  error: string | null;
  /** The JSON payload as sent (before any form encoding). */
  payloadJson: string;
}

/** What `X-GitHub-Hook-Installation-Target-*` name: the repository, or the app for app hooks. */
interface Target {
  hook: Hook;
  body: string;
  targetType: 'repository' | 'integration';
  targetId: number;
  appId: number | null;
  installationId: number | null;
}

interface OutgoingEvent {
  guid: string;
  event: string;
  action: string | null;
  repositoryId: number;
}

/** GitHub gives a receiver 10 seconds. */
const TIMEOUT_MS = 10_000;

interface Logger {
  warn(message: string): void;
}

/**
 * Delivers webhooks in the order their events happened, one attempt each (no automatic retry).
 * `emit` returns a promise that settles when that event's deliveries are done; it never rejects,
 * so a receiver that fails or hangs cannot crash the simulator.
 */
export class WebhookDispatcher {
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  private nextDeliveryId = 900_000_000;
  private readonly stored: StoredDelivery[] = [];

  constructor(
    private readonly state: SimState,
    private readonly log: Logger,
  ) {}

  /**
   * Queue `event` for every active hook of `repo` subscribed to it (or only `onlyHook`) and, as
   * GitHub does, for every GitHub App installed on the repository that subscribes to it (its
   * payload then carries `installation: { id, node_id }`).
   */
  emit(repo: WorldRepo, event: string, payload: object, onlyHook?: Hook): Promise<void> {
    const body = JSON.stringify(payload);
    const hooks = onlyHook
      ? [onlyHook]
      : this.state
          .hooksOf(repo)
          .filter((h) => h.active && (h.events.includes(event) || h.events.includes('*')));
    const targets: Target[] = hooks.map((hook) => ({
      hook,
      body,
      targetType: 'repository',
      targetId: repo.id,
      appId: null,
      installationId: null,
    }));
    if (!onlyHook) {
      for (const installation of this.state.installationsCovering(repo)) {
        const app = this.state.findApp(installation.appId);
        if (!app?.hook?.active || !app.events.includes(event)) continue;
        const withInstallation = { ...payload, installation: installationRef(installation.id) };
        targets.push(appTarget(app, JSON.stringify(withInstallation), installation.id));
      }
    }
    return this.dispatch(targets, event, payload, repo.id);
  }

  /**
   * Queue an app-level event (`installation`, `installation_repositories`) for the app's webhook
   * alone; `payload` already names its installation.
   */
  emitApp(app: SimApp, event: string, payload: object, installationId: number): Promise<void> {
    if (!app.hook?.active) return Promise.resolve();
    const targets = [appTarget(app, JSON.stringify(payload), installationId)];
    return this.dispatch(targets, event, payload, 0);
  }

  private dispatch(
    targets: Target[],
    event: string,
    payload: object,
    repositoryId: number,
  ): Promise<void> {
    if (targets.length === 0) return Promise.resolve();
    const guid = randomUUID();
    const action =
      'action' in payload && typeof payload.action === 'string' ? payload.action : null;
    return this.enqueue(async () => {
      for (const target of targets) {
        await this.send(target, { guid, event, action, repositoryId }, false);
      }
    });
  }

  /** Send a stored delivery again: same payload, same `X-GitHub-Delivery`. */
  redeliver(hook: Hook, original: StoredDelivery): Promise<void> {
    return this.enqueue(() =>
      this.send(
        {
          hook,
          body: original.payloadJson,
          targetType: original.appId === null ? 'repository' : 'integration',
          targetId: original.appId ?? original.repositoryId,
          appId: original.appId,
          installationId: original.installationId,
        },
        {
          guid: original.id,
          event: original.event,
          action: original.action,
          repositoryId: original.repositoryId,
        },
        true,
      ),
    );
  }

  /** Resolves once every queued delivery has been attempted. */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.chain;
  }

  records(): DeliveryRecord[] {
    return this.stored.map((d) => ({
      id: d.id,
      deliveryId: d.deliveryId,
      hookId: d.hookId,
      repositoryId: d.repositoryId,
      appId: d.appId,
      installationId: d.installationId,
      event: d.event,
      action: d.action,
      url: d.url,
      status: d.status,
      payload: structuredClone(d.payload),
      body: d.body,
      requestHeaders: { ...d.requestHeaders },
      deliveredAt: d.deliveredAt,
      redelivery: d.redelivery,
      durationMs: d.durationMs,
    }));
  }

  /** A hook's deliveries, newest first, as the REST deliveries API lists them. */
  forHook(hookId: number): StoredDelivery[] {
    return this.stored.filter((d) => d.hookId === hookId).reverse();
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.pending += 1;
    const run = this.chain.then(task).catch((error: unknown) => {
      this.log.warn(`webhook delivery failed unexpectedly: ${String(error)}`);
    });
    this.chain = run.finally(() => {
      this.pending -= 1;
    });
    return this.chain;
  }

  private async send(target: Target, event: OutgoingEvent, redelivery: boolean): Promise<void> {
    const { hook } = target;
    const form = hook.config.contentType === 'form';
    const body = form ? `payload=${encodeURIComponent(target.body)}` : target.body;
    const headers: Record<string, string> = {
      accept: '*/*',
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      'user-agent': 'GitHub-Hookshot/sim',
      'x-github-delivery': event.guid,
      'x-github-event': event.event,
      'x-github-hook-id': String(hook.id),
      'x-github-hook-installation-target-id': String(target.targetId),
      'x-github-hook-installation-target-type': target.targetType,
    };
    if (hook.config.secret) {
      const sign = (algorithm: string) =>
        createHmac(algorithm, hook.config.secret ?? '')
          .update(body)
          .digest('hex');
      headers['x-hub-signature'] = `sha1=${sign('sha1')}`;
      headers['x-hub-signature-256'] = `sha256=${sign('sha256')}`;
    }
    const started = performance.now();
    const deliveredAt = isoNow();
    let status = 0;
    let responseHeaders: Record<string, string> = {};
    let responseBody = '';
    let error: string | null = null;
    try {
      const response = await fetch(hook.config.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = response.status;
      responseHeaders = Object.fromEntries(response.headers);
      responseBody = (await response.text()).slice(0, 10_000);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const durationMs = Math.round(performance.now() - started);
    this.stored.push({
      id: event.guid,
      deliveryId: ++this.nextDeliveryId,
      hookId: hook.id,
      repositoryId: event.repositoryId,
      appId: target.appId,
      installationId: target.installationId,
      event: event.event,
      action: event.action,
      url: hook.config.url,
      status,
      payload: JSON.parse(target.body) as unknown,
      payloadJson: target.body,
      deliveredAt,
      redelivery,
      durationMs,
      body,
      requestHeaders: headers,
      responseHeaders,
      responseBody,
      error,
    });
    hook.lastResponse =
      status >= 200 && status < 300
        ? { code: status, status: 'active', message: 'OK' }
        : status === 0
          ? { code: null, status: 'timeout', message: `failed to connect: ${error ?? ''}` }
          : { code: status, status: 'active', message: `Invalid HTTP Response: ${status}` };
  }
}

/** The `installation` field of an app's delivery, as GitHub sends it. */
export const installationRef = (id: number) => ({
  id,
  node_id: nodeId('IntegrationInstallation', id),
});

function appTarget(app: SimApp, body: string, installationId: number): Target {
  if (!app.hook) throw new Error(`app ${app.slug} has no webhook`);
  return {
    hook: app.hook,
    body,
    targetType: 'integration',
    targetId: app.id,
    appId: app.id,
    installationId,
  };
}

/** The delivery's `status` text as GitHub's deliveries API shows it. */
export function deliveryStatusText(delivery: StoredDelivery): string {
  if (delivery.status === 0) return 'failed to connect to host';
  return delivery.status >= 200 && delivery.status < 300
    ? 'OK'
    : `Invalid HTTP Response: ${delivery.status}`;
}
