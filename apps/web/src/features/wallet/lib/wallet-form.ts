import {
  dashboardPath,
  walletIssueNumberSchema,
  walletFormSchema,
  type Role,
  type WalletForm,
} from '@openstake/core';

export type WalletFormErrors = Partial<Record<keyof WalletForm, string>>;

/** The toast when the form does not validate. */
export const FORM_INVALID_TOAST = 'Please fill in all required fields correctly';

/**
 * The form's field errors with the product's messages (GitHub username required / format, public
 * address required / at least 10 characters); empty when the form is valid.
 */
export function validateWalletForm(values: WalletForm): WalletFormErrors {
  const parsed = walletFormSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: WalletFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'githubUsername' || field === 'publicKey') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** The page's query parameters: github or user, owner, repo, issue. */
export interface ConnectWalletQuery {
  github: string;
  owner: string | null;
  repo: string | null;
  issue: string | null;
}

const present = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value.trim();

export function readConnectWalletQuery(search: string): ConnectWalletQuery {
  const params = new URLSearchParams(search);
  return {
    github: present(params.get('github')) ?? present(params.get('user')) ?? '',
    owner: present(params.get('owner')),
    repo: present(params.get('repo')),
    issue: present(params.get('issue')),
  };
}

/**
 * Where 'Continue' goes: the issue's page when owner, repo and issue are all present ('Continue
 * to Issue'; this app's issue route is /contributor/issue/{owner}/{repo}/{number}, a contributor's
 * page, so only for a contributor), else the account's dashboard ('Go to Dashboard').
 */
export function continueTarget(
  query: ConnectWalletQuery,
  role: Role,
): { label: 'Continue to Issue' | 'Go to Dashboard'; path: string } {
  const { owner, repo, issue } = query;
  if (role === 'contributor' && owner !== null && repo !== null && issue !== null) {
    return {
      label: 'Continue to Issue',
      path: `/contributor/issue/${[owner, repo, issue].map(encodeURIComponent).join('/')}`,
    };
  }
  return { label: 'Go to Dashboard', path: dashboardPath(role) };
}

/** The issue number to send, checked by the server's own schema (core), or null. */
export function issueNumber(issue: string | null): number | null {
  const parsed = walletIssueNumberSchema.safeParse(issue);
  return parsed.success ? parsed.data : null;
}

// The query survives the trip through /login (whose returnTo carries no query) in the tab.
const QUERY_KEY = 'openstake.connect-wallet.query';

const tabStorage = (): Storage | undefined =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

export function rememberConnectWalletQuery(search: string, storage = tabStorage()) {
  storage?.setItem(QUERY_KEY, search);
}

/** The query saved before the sign-in, once (it is removed as it is read). */
export function takeRememberedQuery(storage = tabStorage()): string | null {
  if (!storage) return null;
  const search = storage.getItem(QUERY_KEY);
  storage.removeItem(QUERY_KEY);
  return search;
}

/** The time a wallet is given to sign a challenge before it is fetched again: a minute. */
export const CHALLENGE_SIGNING_MS = 60_000;

/**
 * Whether a stored challenge can still be signed: the server refuses one past its `expiresAt`, so
 * one that expires within the signing time is fetched again rather than signed in vain.
 */
export const isChallengeFresh = (challenge: { expiresAt: string }, now = Date.now()): boolean =>
  Date.parse(challenge.expiresAt) - now > CHALLENGE_SIGNING_MS;
