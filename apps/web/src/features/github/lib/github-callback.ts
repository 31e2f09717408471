/**
 * After a GitHub round trip the server sends the browser back with `?github=connected` or
 * `?github=error&message=<text>`. These helpers read that outcome and give back the search string
 * without it, so the page can drop the parameters and a reload does not repeat the news.
 */

export const GITHUB_CONNECTED_MESSAGE = 'GitHub account connected';
export const GITHUB_ERROR_FALLBACK = 'Something went wrong with GitHub. Please try again.';

/**
 * Anyone can craft a link carrying `message`, so the text is shown as plain text only (React
 * escapes it), on one line, and cut short enough that it cannot pose as a long notice.
 */
export const GITHUB_MESSAGE_MAX_LENGTH = 200;

export type GithubOutcome = { status: 'connected' } | { status: 'error'; message: string };

export interface GithubCallback {
  outcome: GithubOutcome;
  /** The search string without the callback parameters: '' or '?a=1...'. */
  search: string;
}

const CALLBACK_PARAMS = ['github', 'message'] as const;

function cleanMessage(raw: string | null): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const text = (raw ?? '').replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  if (text === '') return GITHUB_ERROR_FALLBACK;
  const chars = Array.from(text); // by code point, so an emoji is never cut in half
  if (chars.length <= GITHUB_MESSAGE_MAX_LENGTH) return text;
  return `${chars
    .slice(0, GITHUB_MESSAGE_MAX_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/** The outcome carried by a search string, or null when it carries none (or an unknown one). */
export function readGithubCallback(search: string): GithubCallback | null {
  const params = new URLSearchParams(search);
  const status = params.get('github');
  let outcome: GithubOutcome;
  if (status === 'connected') outcome = { status: 'connected' };
  else if (status === 'error')
    outcome = { status: 'error', message: cleanMessage(params.get('message')) };
  else return null;

  for (const name of CALLBACK_PARAMS) params.delete(name);
  const rest = params.toString();
  return { outcome, search: rest === '' ? '' : `?${rest}` };
}

/** Where the message of a failed round trip goes once the URL no longer carries it. */
const STATE_KEY = 'githubError';

/** The history state to keep once the callback's parameters leave the URL: the error, if any. */
export function stateAfterCallback(callback: GithubCallback, state: unknown): unknown {
  if (callback.outcome.status !== 'error') return state;
  const kept = typeof state === 'object' && state !== null ? state : {};
  return { ...kept, [STATE_KEY]: callback.outcome.message };
}

/**
 * The error message of a failed GitHub round trip, for the login and sign-up forms' alert: from
 * the URL, or from the history state once the root layout has taken it out of the URL (a page
 * whose code loads after that first render finds it there).
 */
export function githubCallbackError(location: { search: string; state?: unknown }): string | null {
  const callback = readGithubCallback(location.search);
  if (callback) return callback.outcome.status === 'error' ? callback.outcome.message : null;
  const { state } = location;
  const kept =
    typeof state === 'object' && state !== null
      ? (state as Record<string, unknown>)[STATE_KEY]
      : undefined;
  return typeof kept === 'string' ? kept : null;
}
