/**
 * Counts requests per identity and resource for the `x-ratelimit-*` headers and
 * `GET /rate_limit`. Limits are reported as GitHub does but not enforced: an exhausted limit is
 * simulated with `failNext({ rateLimit: true })`, so tests and demos never trip over it.
 */
export type RateResource = 'core' | 'search' | 'graphql';

export interface RateWindow {
  limit: number;
  remaining: number;
  reset: number;
  used: number;
  resource: RateResource;
}

const LIMITS: Record<RateResource, { authenticated: number; anonymous: number; windowMs: number }> =
  {
    core: { authenticated: 5000, anonymous: 60, windowMs: 3_600_000 },
    search: { authenticated: 30, anonymous: 10, windowMs: 60_000 },
    // GitHub counts GraphQL in points (1 for a small query); the simulator counts 1 a request.
    graphql: { authenticated: 5000, anonymous: 0, windowMs: 3_600_000 },
  };

export class RateLimiter {
  private readonly windows = new Map<string, { used: number; resetAt: number }>();

  private window(identity: string, resource: RateResource, now: number) {
    const key = `${resource}:${identity}`;
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { used: 0, resetAt: now + LIMITS[resource].windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  /** Count one request and return the window after it. */
  consume(identity: string, authenticated: boolean, resource: RateResource): RateWindow {
    const now = Date.now();
    const window = this.window(identity, resource, now);
    window.used += 1;
    return this.describe(window, authenticated, resource);
  }

  /** Give back a request that does not count: a `304 Not Modified`, as on GitHub. */
  release(identity: string, authenticated: boolean, resource: RateResource): RateWindow {
    const window = this.window(identity, resource, Date.now());
    window.used = Math.max(0, window.used - 1);
    return this.describe(window, authenticated, resource);
  }

  peek(identity: string, authenticated: boolean, resource: RateResource): RateWindow {
    return this.describe(this.window(identity, resource, Date.now()), authenticated, resource);
  }

  private describe(
    window: { used: number; resetAt: number },
    authenticated: boolean,
    resource: RateResource,
  ): RateWindow {
    const limit = authenticated ? LIMITS[resource].authenticated : LIMITS[resource].anonymous;
    return {
      limit,
      used: window.used,
      remaining: Math.max(0, limit - window.used),
      reset: Math.ceil(window.resetAt / 1000),
      resource,
    };
  }
}

export function rateLimitHeaders(window: RateWindow): Record<string, string> {
  return {
    'x-ratelimit-limit': String(window.limit),
    'x-ratelimit-remaining': String(window.remaining),
    'x-ratelimit-reset': String(window.reset),
    'x-ratelimit-used': String(window.used),
    'x-ratelimit-resource': window.resource,
  };
}
