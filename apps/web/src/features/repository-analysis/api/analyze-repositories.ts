import { repositoryAnalysisSchema, type RepositoryAnalysis } from '@openstake/core';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';
import { invalidateContributorProfiles } from '@/features/contributor-profile/api/contributor-profile';
import { issuesKeys } from '@/features/issues/api/query-keys';
import { repositoryAnalysisKeys } from './query-keys';

export const ANALYSIS_SUCCESS_MESSAGE = 'Repository analysis completed!';
export const ANALYSIS_FALLBACK_MESSAGE = 'Failed to analyze repositories';

export interface AnalysisResult {
  analysis: RepositoryAnalysis;
  message: string;
}

/** POST /api/contributor/analyze-repositories: reads the contributor's GitHub repositories again. */
export async function analyzeRepositories(): Promise<AnalysisResult> {
  const body = await apiRequest<{ data?: unknown; message?: unknown }>(
    '/api/contributor/analyze-repositories',
    { method: 'POST', body: {} },
  );
  return {
    analysis: parseData(repositoryAnalysisSchema, body.data),
    message:
      typeof body.message === 'string' && body.message.trim() !== ''
        ? body.message
        : ANALYSIS_SUCCESS_MESSAGE,
  };
}

/**
 * Runs an analysis and tells the user how it went. Afterwards the suggestions
 * (which follow the languages), the profile (repository count) and the settings tabs read the
 * new result.
 */
export function useAnalyzeRepositories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: repositoryAnalysisKeys.analyze,
    mutationFn: analyzeRepositories,
    onSuccess: async ({ analysis, message }) => {
      toast.success(message);
      queryClient.setQueryData(repositoryAnalysisKeys.analysis, analysis);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: issuesKeys.suggested }),
        invalidateContributorProfiles(queryClient),
      ]);
    },
    onError: (error) => {
      const message = errorMessage(error, ANALYSIS_FALLBACK_MESSAGE);
      toast.error(message, { id: message, richColors: true });
    },
  });
}

/**
 * True while an analysis runs anywhere on the page, so every 'Analyze' button shows it is busy
 * (and none starts a second run) whichever one was pressed.
 */
export function useIsAnalyzing(): boolean {
  return useIsMutating({ mutationKey: repositoryAnalysisKeys.analyze }) > 0;
}
