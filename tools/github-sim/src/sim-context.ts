import type { SimState } from './sim-state';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher';

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
