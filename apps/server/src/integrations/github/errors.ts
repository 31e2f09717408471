import { AppError } from '../../errors';

/**
 * GitHub's failures as errors a user can act on: one mapping for every REST request (in the
 * client's request hook, client.ts) and one for GraphQL errors, so no GitHub refusal reaches the
 * error handler as an unknown error (a 500).
 */

export type HeaderMap = Record<string, string | undefined>;

/** One entry of the `errors` of a GraphQL answer: `type` says what kind (NOT_FOUND, FORBIDDEN...). */
export interface GraphqlError {
  type?: string;
  path?: (string | number)[];
  message: string;
}

const numericStatus = (value: unknown): number | undefined =>
  typeof value === 'object' && value && 'status' in value && typeof value.status === 'number'
    ? value.status
    : undefined;

/**
 * The HTTP status GitHub answered. Errors leave the client already mapped to an AppError whose
 * cause is Octokit's error, so callers that test for a 404 (and turn it into null) read GitHub's
 * own status, not the AppError's (GitHub's 401 becomes GITHUB_AUTH_REQUIRED, answered as 403).
 */
export function githubStatus(error: unknown): number | undefined {
  if (error instanceof AppError) return numericStatus(error.cause) ?? error.status;
  return numericStatus(error);
}

function headersOf(error: unknown): HeaderMap {
  const response = (error as { response?: { headers?: HeaderMap } }).response;
  return response?.headers ?? {};
}

/**
 * The GraphQL errors of an answer that carried some (Octokit's GraphqlResponseError, whose
 * `response` holds the answer): empty for any other error.
 */
function graphqlErrorsOf(error: unknown): GraphqlError[] {
  const data = (error as { response?: { data?: { errors?: unknown } } }).response?.data;
  return Array.isArray(data?.errors) ? (data.errors as GraphqlError[]) : [];
}

function isRateLimited(error: unknown): boolean {
  const status = githubStatus(error);
  const headers = headersOf(error);
  return (
    status === 429 ||
    (status === 403 && (headers['x-ratelimit-remaining'] === '0' || 'retry-after' in headers)) ||
    graphqlErrorsOf(error).some((e) => e.type === 'RATE_LIMITED')
  );
}

function rateLimitMessage(headers: HeaderMap): string {
  const reset = Number(headers['x-ratelimit-reset']);
  const retryAfter = Number(headers['retry-after']);
  const seconds = retryAfter > 0 ? retryAfter : reset > 0 ? reset - Date.now() / 1000 : 60;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `GitHub rate limit reached. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** What a request was about, in words, from Octokit's route template and its parameters. */
function subjectOf(options: { url?: string; [key: string]: unknown }): string {
  const p = (name: string) => {
    const value = options[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const repo = `${p('owner')}/${p('repo')}`;
  if (p('pull_number')) return `pull request ${repo}#${p('pull_number')}`;
  if (p('issue_number')) return `issue ${repo}#${p('issue_number')}`;
  if (p('hook_id')) return `webhook ${p('hook_id')} of ${repo}`;
  if (p('owner') && p('repo')) return `repository ${repo}`;
  if (p('org')) return `organization ${p('org')}`;
  if (p('username')) return `user ${p('username')}`;
  return options.url ?? 'resource';
}

export const githubUnavailable = (cause: unknown): AppError =>
  new AppError('GITHUB_UNAVAILABLE', {
    message: 'GitHub is not responding right now. Please try again shortly.',
    cause,
  });

/**
 * One mapping from GitHub's answers to errors a user can act on: rate limits and outages, a token
 * GitHub no longer accepts, and the 4xx refusals with GitHub's own reason.
 */
export function toAppError(
  error: unknown,
  options: { method: string; url?: string; [key: string]: unknown },
): unknown {
  const status = githubStatus(error);
  if (isRateLimited(error)) {
    return new AppError('GITHUB_RATE_LIMITED', {
      message: rateLimitMessage(headersOf(error)),
      cause: error,
    });
  }
  if (status === undefined || status >= 500) return githubUnavailable(error);
  const refused = `GitHub refused this request: ${githubMessage(error)}`;
  switch (status) {
    case 401:
      return new AppError('GITHUB_AUTH_REQUIRED', {
        message: 'Invalid GitHub token. Please re-authenticate.',
        cause: error,
      });
    case 403:
    case 451:
      return new AppError('FORBIDDEN', { message: refused, cause: error });
    // GitHub answers 404 (not 403) for private things the token's user may not see.
    case 404:
    case 410:
      return new AppError('NOT_FOUND', {
        message: `Not found on GitHub: ${subjectOf(options)} does not exist, or your GitHub account cannot see it`,
        cause: error,
      });
    case 405:
    case 409:
      return new AppError('CONFLICT', { message: refused, cause: error });
    default:
      // 422 (validation failed) and any other 4xx: GitHub refused what the user asked for.
      return status >= 400
        ? new AppError('BAD_REQUEST', { message: refused, cause: error })
        : error;
  }
}

/** GraphQL errors in the words of the REST mapping (toAppError): one AppError for the caller. */
export function graphqlAppError(
  errors: GraphqlError[],
  cause: unknown,
  headers: HeaderMap,
): AppError {
  const reason = errors.map((e) => e.message).join('; ') || 'unknown error';
  if (errors.some((e) => e.type === 'RATE_LIMITED')) {
    return new AppError('GITHUB_RATE_LIMITED', { message: rateLimitMessage(headers), cause });
  }
  if (errors.every((e) => e.type === 'NOT_FOUND')) {
    return new AppError('NOT_FOUND', { message: `Not found on GitHub: ${reason}`, cause });
  }
  const code = errors.some((e) => e.type === 'FORBIDDEN') ? 'FORBIDDEN' : 'BAD_REQUEST';
  return new AppError(code, { message: `GitHub refused this request: ${reason}`, cause });
}

/**
 * GitHub's own message from a failed request (or the AppError it became), for the user, with the
 * details of a 422 (`Validation Failed` alone says nothing): each error's message, else its field
 * and code with the value GitHub refused ('assignees invalid: nobody').
 */
export function githubMessage(error: unknown): string {
  const failed = error instanceof AppError ? error.cause : error;
  const data = (
    failed as { response?: { data?: { message?: unknown; errors?: unknown } } } | undefined
  )?.response?.data;
  if (typeof data?.message !== 'string') return 'unknown error';
  const details = (Array.isArray(data.errors) ? (data.errors as unknown[]) : [])
    .map((item) => {
      if (typeof item === 'string') return item;
      const { message, field, code, value } = (item ?? {}) as Record<string, unknown>;
      if (typeof message === 'string') return message;
      const what = [field, code].filter((part) => typeof part === 'string').join(' ');
      const refused = Array.isArray(value) ? value.join(', ') : value;
      return typeof refused === 'string' || typeof refused === 'number'
        ? `${what}: ${String(refused)}`
        : what;
    })
    .filter(Boolean);
  return details.length ? `${data.message} (${details.join('; ')})` : data.message;
}

/** `null` for GitHub's 404 (absent, or not visible to the token's user); other errors thrown. */
export async function nullIfNotFound<T>(read: Promise<T>, statuses = [404]): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    const status = githubStatus(error);
    if (status !== undefined && statuses.includes(status)) return null;
    throw error;
  }
}
