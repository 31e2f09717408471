import type { SimState } from './sim-state';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import type { WorldRepo } from './world/types';

/** What actions and routes share: the state and the webhook dispatcher. */
export interface SimContext {
  state: SimState;
  webhooks: WebhookDispatcher;
}

/**
 * The result of an action that may send webhooks. The REST API answers without waiting for them
 * (as GitHub does); the control API awaits `delivered`, so tests are deterministic.
 */
export interface Outcome<T> {
  value: T;
  delivered: Promise<void>;
}

/** The outcome of an action that sends one webhook `event` of `repo`: `value`, and its delivery. */
export function withWebhook<T>(
  ctx: SimContext,
  repo: WorldRepo,
  event: string,
  payload: object,
  value: T,
): Outcome<T> {
  return { value, delivered: ctx.webhooks.emit(repo, event, payload) };
}
