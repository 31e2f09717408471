import { roleNeedsGithub, type Role } from '@openstake/core';

/**
 * Where the GitHub buttons go. Each is a full-page navigation, not a fetch: the server answers
 * with a redirect to GitHub's authorize page, and GitHub sends the browser back to the server.
 */
export const GITHUB_SIGN_IN_PATH = '/api/github/signin';

/** Only same-site paths: anything else (a full URL, '//host') falls back to the home page. */
export function safeReturnPath(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}

/** GET /api/github/connect?returnTo=<path>: link the signed-in account, then come back here. */
export function githubConnectUrl(returnTo: string): string {
  return `/api/github/connect?${new URLSearchParams({ returnTo: safeReturnPath(returnTo) }).toString()}`;
}

/** Companies have no GitHub account on OpenStake, so only contributors and maintainers sign up with one. */
export function canSignUpWithGithub(role: Role): boolean {
  return roleNeedsGithub(role);
}

/** GET /api/github/signup?role=<role>, or null for a role that cannot sign up with GitHub. */
export function githubSignUpUrl(role: Role): string | null {
  if (!canSignUpWithGithub(role)) return null;
  return `/api/github/signup?${new URLSearchParams({ role }).toString()}`;
}
