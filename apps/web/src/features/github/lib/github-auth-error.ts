import { ApiError } from '@/lib/api/api-error';

/** The code the server sends (403) when a GitHub-backed call needs a linked GitHub account. */
export const GITHUB_AUTH_REQUIRED_CODE = 'GITHUB_AUTH_REQUIRED';
export const GITHUB_AUTH_REQUIRED_MESSAGE = 'GitHub authentication required';

export function isGithubAuthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === GITHUB_AUTH_REQUIRED_CODE;
}
