import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
// The plugin's own in-memory store (not in its types): for the limits that are one server's own.
// @ts-expect-error -- an untyped CommonJS module of @fastify/rate-limit
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import type { AppContext } from '../context';
import { countRateLimitHit } from '../db/rate-limit-counters';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * Where `@fastify/rate-limit` counts every limit of the server: in the database
 * (`rate_limit_counters`), so servers sharing it share each limit, and N servers allow what one
 * does, not N times as much. One statement per counted hit (db/rate-limit-counters.ts), on the
 * routes that have a limit only; a fixed window from the key's first hit, as the plugin's own
 * in-memory store counts.
 *
 * A route's limit (route `config.rateLimit`) counts per route, as the plugin does: its keys are
 * scoped by the route's method and URL, so routes sharing a limit's settings keep their own
 * counts. A limit made with `createRateLimit` has no route: its keys must name it (`sign-in:ip:`).
 * Keys are stored hashed, so no address or email is kept in the table.
 *
 * A limit that guards one server's own work rather than something shared (the session pages'
 * render budget: a render holds this server's thread) says `perServer: true` in its settings and
 * is counted in this process by the plugin's own store, at no database round trip.
 */
export function databaseRateLimitStore(ctx: AppContext): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    // The plugin constructs the first one with its settings, which it passes again to `child`.
    constructor(
      _settings: unknown,
      private readonly scope = '',
    ) {}

    // The plugin also passes the limit's window (after the callback; its types leave it out).
    incr(key: string, callback: Callback, windowMs?: number): void {
      if (windowMs === undefined) {
        callback(new Error('@fastify/rate-limit did not pass the time window'));
        return;
      }
      const now = ctx.clock.now();
      countRateLimitHit(ctx.db, { key: hashed(this.scope, key), windowMs, now }).then(
        ({ hits, resetsAt }) =>
          callback(null, { current: hits, ttl: resetsAt.getTime() - now.getTime() }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Given the limit's settings merged with `routeInfo`: the route, or {} for `createRateLimit`.
    child(settings: object): FastifyRateLimitStore {
      if ((settings as PerServer).perServer === true) {
        const { continueExceeding, exponentialBackoff } = settings as Record<string, unknown>;
        return new (LocalStore as LocalStoreCtor)(continueExceeding, exponentialBackoff);
      }
      const route = (settings as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseStore(
        settings,
        route?.url === undefined ? '' : JSON.stringify([route.method, route.url]),
      );
    }
  }
  return DatabaseStore;
}

type LocalStoreCtor = new (
  continueExceeding: unknown,
  exponentialBackoff: unknown,
) => FastifyRateLimitStore;

/** The setting a limit of one server's own work carries (see databaseRateLimitStore). */
export interface PerServer {
  perServer?: boolean;
}

const hashed = (scope: string, key: string): string =>
  createHash('sha256')
    .update(JSON.stringify([scope, key]))
    .digest('base64url');
