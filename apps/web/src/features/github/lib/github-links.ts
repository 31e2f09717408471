import { appReturnPath, roleNeedsGithub, type Role } from '@openstake/core';

/**
 * Where the GitHub buttons go. Each is a full-page navigation, not a fetch: the server answers
 * with a redirect to GitHub's authorize page, and GitHub sends the browser back to the server.
 */
export const GITHUB_SIGN_IN_PATH = '/api/github/signin';

/**
 * GET /api/github/connect?returnTo=<page>: link the signed-in account, then come back to this
 * page. The server takes only a page of the app as returnTo (core's appReturnPath); anything else
 * is left out, and the server brings the user back to their dashboard.
 */
export function githubConnectUrl(returnTo: string): string {
  const page = appReturnPath(returnTo);
  return page === null
    ? '/api/github/connect'
    : `/api/github/connect?${new URLSearchParams({ returnTo: page }).toString()}`;
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
