import { maintainerRepositorySchema, type MaintainerRepository } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { maintainerRepositoriesKeys } from './query-keys';

export const REPOSITORIES_FALLBACK_MESSAGE = 'Failed to load repositories';

/** The dashboard's error line: 'Error: ' and the server's message or the fallback. */
export function repositoriesErrorText(error: unknown): string {
  return `Error: ${errorMessage(error, REPOSITORIES_FALLBACK_MESSAGE)}`;
}

/**
 * GET /api/maintainer/github/repositories: the signed-in maintainer's GitHub repositories (up to
 * 100) with their OpenStake connection. 403 GITHUB_AUTH_REQUIRED while GitHub is not linked.
 */
export async function getMaintainerRepositories(
  signal?: AbortSignal,
): Promise<MaintainerRepository[]> {
  const body = await apiRequest<{ data?: unknown }>('/api/maintainer/github/repositories', {
    signal,
  });
  return parseData(maintainerRepositorySchema.array(), body.data);
}

export function useMaintainerRepositories() {
  return useQuery({
    queryKey: maintainerRepositoriesKeys.list,
    queryFn: ({ signal }) => getMaintainerRepositories(signal),
    retry: retryUnlessClientError,
  });
}
