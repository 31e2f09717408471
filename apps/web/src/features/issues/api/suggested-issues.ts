import { suggestedIssueSchema, type SuggestedIssue } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { issuesKeys } from './query-keys';

const suggestedIssuesSchema = suggestedIssueSchema.array();

/** POST /api/contributor/suggested-issues: open issues matched to the contributor's languages. */
export async function getSuggestedIssues(signal?: AbortSignal): Promise<SuggestedIssue[]> {
  const body = await apiRequest<{ data?: { issues?: unknown } }>(
    '/api/contributor/suggested-issues',
    { method: 'POST', body: {}, signal },
  );
  return parseData(suggestedIssuesSchema, body.data?.issues);
}

/** The server's message, else 'Failed to fetch suggested issues'. */
export function suggestedIssuesErrorMessage(error: unknown): string {
  return errorMessage(error, 'Failed to fetch suggested issues');
}

export function useSuggestedIssues() {
  return useQuery({
    queryKey: issuesKeys.suggested,
    queryFn: ({ signal }) => getSuggestedIssues(signal),
    retry: retryUnlessClientError,
  });
}
