import type { IssueRef } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { retryUnlessClientError } from '@/lib/api/parse';
import { readIssueDetails, type IssueDetails } from './issue-details';
import { issuesKeys } from './query-keys';

/**
 * GET /api/contributor/repos/{owner}/{repo}/issues/{number}: an issue by repository and number,
 * found on GitHub and tracked by the server even when OpenStake has not shown it before; 404 when
 * GitHub has no such issue.
 */
export async function resolveIssue(ref: IssueRef, signal?: AbortSignal): Promise<IssueDetails> {
  const path = [ref.owner, ref.repo].map(encodeURIComponent).join('/');
  const body = await apiRequest<{ data?: unknown }>(
    `/api/contributor/repos/${path}/issues/${String(ref.number)}`,
    { signal },
  );
  return readIssueDetails(body.data);
}

export function useResolvedIssue(ref: IssueRef | null) {
  return useQuery({
    queryKey: issuesKeys.byRef(ref),
    queryFn: ({ signal }) =>
      ref ? resolveIssue(ref, signal) : Promise.reject(new Error('no issue')),
    enabled: ref !== null,
    retry: retryUnlessClientError,
  });
}
