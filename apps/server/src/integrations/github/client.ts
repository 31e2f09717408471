import { createHash } from 'node:crypto';
import { retry } from '@octokit/plugin-retry';
import { request as octokitRequest } from '@octokit/request';
import { Octokit } from '@octokit/rest';
import { withoutNul } from '../../lib/without-nul';
import { toAppError } from './errors';
import type { GithubConfig } from './port';

/**
 * How long the client waits before it asks GitHub again. Production uses the defaults; tests pass
 * small bases so a retried request does not slow the suite (the decisions stay GitHub's seconds).
 */
export interface GithubTiming {
  /** A failed read is retried after 1, then 4 times this (default 200 ms: 200 ms, 800 ms). */
  retryBaseMs?: number;
}

/** How many times a read that failed with a 5xx or a network error is asked again. */
const READ_RETRIES = 2;

// Every status below 500 is an answer, not a hiccup: only 5xx and network errors (which
// Octokit reports as 500) are retried. A rate limit (403, 429) is reported at once as
// GITHUB_RATE_LIMITED with the time to wait (errors.ts): the user decides whether to wait.
// `@octokit/plugin-throttling` does not fit here: it paces a token's writes a second apart and
// its comments three, which a user would wait for, and its scheduler measured about 20-30 ms
// more per request than the plain client on the loaded test machine.
const NOT_RETRIED = Array.from({ length: 100 }, (_, i) => 400 + i);

/** A read: a GET or HEAD, or a GraphQL query (a POST, but one that changes nothing). */
const isRead = (options: { method: string; url?: string; query?: unknown }): boolean =>
  options.method === 'GET' ||
  options.method === 'HEAD' ||
  (/\/graphql$/.test(options.url ?? '') &&
    typeof options.query === 'string' &&
    !/^\s*mutation\b/.test(options.query));

/** A token's hash (never the token): the key of kept answers (conditional-read.ts). */
export const tokenKey = (token: string | undefined): string =>
  token ? createHash('sha256').update(token).digest('base64url') : 'app';

const GithubOctokit = Octokit.plugin(retry);

/** The Octokit every request to GitHub goes through, and the OAuth requests on the web host. */
export interface GithubClients {
  readonly config: GithubConfig;
  /** An Octokit acting with `token` (none: anonymous, or the app's own authentication). */
  client(token?: string): Octokit;
  oauthRequest(): typeof octokitRequest;
}

/**
 * Octokit with `@octokit/plugin-retry` (reads retried on 5xx and network errors; writes never, as
 * a retried write might be applied twice), then every failure mapped once (errors.ts) and
 * GitHub's texts stripped of U+0000, which the database cannot store.
 */
export function githubClients(config: GithubConfig, timing: GithubTiming = {}): GithubClients {
  return {
    config,
    client(token) {
      const octokit = new GithubOctokit({
        auth: token,
        baseUrl: config.apiUrl,
        userAgent: 'OpenStake',
        log: { debug() {}, info() {}, warn() {}, error() {} },
        retry: {
          retries: READ_RETRIES,
          doNotRetry: NOT_RETRIED,
          retryAfterBaseValue: timing.retryBaseMs ?? 200,
        },
      });
      // Registered last, so it wraps the plugins: it sees each request first and its final error.
      octokit.hook.wrap('request', async (request, options) => {
        // A request object of its own: without one in the call, Octokit shares the client's
        // defaults between calls, and the retry plugin counts its retries on it.
        options.request = { ...options.request, ...(isRead(options) ? {} : { retries: 0 }) };
        try {
          const response = await request(options);
          return { ...response, data: withoutNul(response.data) };
        } catch (error) {
          throw toAppError(error, options);
        }
      });
      return octokit;
    },
    // OAuth lives on the web host (github.com, or a GitHub Enterprise host without /api/v3).
    oauthRequest: () => octokitRequest.defaults({ baseUrl: config.webUrl }),
  };
}
