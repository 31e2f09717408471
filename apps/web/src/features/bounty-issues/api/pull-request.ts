import { pullRequestDetailSchema, type PullRequestDetail } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api/client';
import { parseData, retryUnlessClientError } from '../../../lib/api/parse';

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

/** GET /api/maintainer/repos/:owner/:repo/pulls/:number: one pull request of a repository. */
export async function getPullRequest(
  { owner, repo, number }: PullRequestRef,
  signal?: AbortSignal,
): Promise<PullRequestDetail> {
  const path = `/api/maintainer/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/pulls/${String(number)}`;
  const body = await apiRequest<{ data?: unknown }>(path, { signal });
  return parseData(pullRequestDetailSchema, body.data);
}

/** The pull request, fetched only when `ref` is known (the open-issue page without state). */
export function usePullRequest(ref: PullRequestRef | null) {
  return useQuery({
    queryKey: ['maintainer', 'pull-request', ref?.owner, ref?.repo, ref?.number],
    queryFn: ({ signal }) => getPullRequest(ref as PullRequestRef, signal),
    retry: retryUnlessClientError,
    enabled: ref !== null,
  });
}
