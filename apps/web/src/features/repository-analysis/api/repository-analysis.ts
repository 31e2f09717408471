import { repositoryAnalysisSchema, type RepositoryAnalysis } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { repositoryAnalysisKeys } from './query-keys';

const latestAnalysisSchema = repositoryAnalysisSchema.nullable();

/** GET /api/contributor/analysis: the latest analysis, or null before the first one. */
export async function getRepositoryAnalysis(
  signal?: AbortSignal,
): Promise<RepositoryAnalysis | null> {
  const body = await apiRequest<{ data?: unknown }>('/api/contributor/analysis', { signal });
  return parseData(latestAnalysisSchema, body.data ?? null);
}

export function useRepositoryAnalysis() {
  return useQuery({
    queryKey: repositoryAnalysisKeys.analysis,
    queryFn: ({ signal }) => getRepositoryAnalysis(signal),
    retry: retryUnlessClientError,
  });
}
