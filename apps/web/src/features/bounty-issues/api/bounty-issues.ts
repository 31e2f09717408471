import { bountyIssuesPageSchema, type BountyIssuesPage } from '@openstake/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { bountyIssuesApiQuery, type BountyIssueFilters } from '../lib/bounty-issue-filters';
import { bountyIssuesKeys } from './query-keys';

/** The toast when the list cannot be loaded. */
export function bountyIssuesErrorMessage(error: unknown): string {
  const reason = error instanceof Error && error.message !== '' ? error.message : 'Unknown error';
  return `Failed to fetch bounty issues: ${reason}`;
}

/**
 * GET /api/maintainer/bounty-issues?page&status&difficulty&search: one page (20) of the bounty
 * issues the signed-in maintainer created, filtered on the server, with stats over all of them.
 */
export async function getBountyIssues(
  filters: BountyIssueFilters,
  signal?: AbortSignal,
): Promise<BountyIssuesPage> {
  const body = await apiRequest<{ data?: unknown }>(
    `/api/maintainer/bounty-issues?${bountyIssuesApiQuery(filters)}`,
    { signal },
  );
  return parseData(bountyIssuesPageSchema, body.data);
}

export function useBountyIssues(filters: BountyIssueFilters, options: { enabled: boolean }) {
  return useQuery({
    queryKey: bountyIssuesKeys.list(filters),
    queryFn: ({ signal }) => getBountyIssues(filters, signal),
    retry: retryUnlessClientError,
    enabled: options.enabled,
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}
