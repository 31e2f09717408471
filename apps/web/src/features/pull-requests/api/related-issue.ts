import { relatedIssueSchema, type RelatedIssue } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { repoApiPath } from '@/features/maintainer-repositories/api/repository-api-path';
import { pullRequestsKeys } from './query-keys';

export const RELATED_ISSUE_FALLBACK_MESSAGE = 'GitHub lookup failed';
export const NO_ISSUE_NUMBER_MESSAGE = 'No issue number in PR body';

export const relatedIssueErrorText = (error: unknown): string =>
  errorMessage(error, RELATED_ISSUE_FALLBACK_MESSAGE);

/** GET /api/maintainer/repos/:owner/:repo/issues/:number: the issue with its stake and bounty. */
export async function getRelatedIssue(
  owner: string,
  repo: string,
  number: number,
  signal?: AbortSignal,
): Promise<RelatedIssue> {
  const body = await apiRequest<{ data?: unknown }>(
    `${repoApiPath(owner, repo)}/issues/${String(number)}`,
    { signal },
  );
  return parseData(relatedIssueSchema, body.data);
}

/** Fetched only once the maintainer asks for it ('Related Issue'). */
export function useRelatedIssue(
  owner: string,
  repo: string,
  number: number | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: pullRequestsKeys.relatedIssue(owner, repo, number),
    queryFn: ({ signal }) => getRelatedIssue(owner, repo, number ?? 0, signal),
    enabled: enabled && number !== null,
    retry: retryUnlessClientError,
  });
}
