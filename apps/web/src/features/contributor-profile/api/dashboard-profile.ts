import { dashboardProfileSchema, type DashboardProfile } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { ApiError, errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import {
  GITHUB_AUTH_REQUIRED_MESSAGE,
  isGithubAuthRequired,
} from '@/features/github/lib/github-auth-error';
import { contributorProfileKeys } from './query-keys';

export const INVALID_GITHUB_TOKEN_MESSAGE = 'Invalid GitHub token. Please re-authenticate.';

/** POST /api/contributor/profile: the GitHub profile and the stats of the dashboard's overview. */
export async function getDashboardProfile(signal?: AbortSignal): Promise<DashboardProfile> {
  const body = await apiRequest<{ data?: unknown }>('/api/contributor/profile', {
    method: 'POST',
    body: {},
    signal,
  });
  return parseData(dashboardProfileSchema, body.data);
}

/**
 * The toast for a failed profile fetch: GitHub not linked, or its token no longer
 * valid, is news for the user; anything else is only logged (null).
 */
export function dashboardProfileErrorMessage(error: unknown): string | null {
  if (isGithubAuthRequired(error)) return errorMessage(error, GITHUB_AUTH_REQUIRED_MESSAGE);
  if (error instanceof ApiError && error.status === 401)
    return errorMessage(error, INVALID_GITHUB_TOKEN_MESSAGE);
  return null;
}

export function useDashboardProfile() {
  return useQuery({
    queryKey: contributorProfileKeys.dashboard,
    queryFn: ({ signal }) => getDashboardProfile(signal),
    retry: retryUnlessClientError,
  });
}
