import { SimError } from '../sim-error';

export interface FailureRule {
  /** HTTP method to match (any when omitted). */
  method?: string;
  /**
   * Matched against the request path without its query, both as sent (`/api/v3/user`) and
   * relative to the REST base URL (`/user`). A string must equal one of them.
   */
  pathPattern: RegExp | string;
  status: 403 | 409 | 422 | 429 | 500 | 502 | 503;
  /** GitHub's message in the error body (default: GitHub's usual one for the status). */
  message?: string;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** With status 403: GitHub's primary rate-limit error, with `x-ratelimit-remaining: 0`. */
  rateLimit?: boolean;
}

const MESSAGES: Record<FailureRule['status'], string> = {
  403: 'Forbidden',
  409: 'Conflict',
  422: 'Validation Failed',
  429: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
  500: 'Server Error',
  502: 'Server Error',
  503: 'Service Unavailable',
};

/** Failures injected by tests (`failNext`), consumed in the order they were added. */
export class FailureInjector {
  private readonly rules: { rule: FailureRule; left: number }[] = [];

  add(rule: FailureRule): void {
    this.rules.push({ rule, left: Math.max(1, rule.times ?? 1) });
  }

  /** The error for this request, if a rule matches (and counts it). */
  take(method: string, path: string, apiPrefix: string, userId: number | null): SimError | null {
    const relative = path.startsWith(`${apiPrefix}/`) ? path.slice(apiPrefix.length) : path;
    const index = this.rules.findIndex(({ rule }) => {
      if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false;
      const pattern = rule.pathPattern;
      return typeof pattern === 'string'
        ? pattern === path || pattern === relative
        : pattern.test(path) || pattern.test(relative);
    });
    const entry = this.rules[index];
    if (!entry) return null;
    entry.left -= 1;
    if (entry.left <= 0) this.rules.splice(index, 1);
    return failureError(entry.rule, userId);
  }
}

function failureError(rule: FailureRule, userId: number | null): SimError {
  if (rule.rateLimit) {
    const reset = Math.ceil(Date.now() / 1000) + 60;
    return new SimError(
      rule.status,
      userId !== null
        ? `API rate limit exceeded for user ID ${userId}.`
        : "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
      {
        documentationUrl:
          'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-the-primary-rate-limit',
        headers: {
          'x-ratelimit-limit': userId !== null ? '5000' : '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-used': userId !== null ? '5000' : '60',
          'x-ratelimit-reset': String(reset),
          'x-ratelimit-resource': 'core',
        },
      },
    );
  }
  return new SimError(rule.status, rule.message ?? MESSAGES[rule.status], {
    headers: rule.status === 429 ? { 'retry-after': '60' } : {},
  });
}
