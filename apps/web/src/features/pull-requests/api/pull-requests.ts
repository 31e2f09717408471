import {
  pullRequestDetailSchema,
  pullRequestQueueSchema,
  type PullRequestDetail,
  type PullRequestQueue,
} from '@openstake/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { repoApiPath } from '@/features/maintainer-repositories/api/repository-api-path';
import { pullRequestsKeys } from './query-keys';

export const PULL_REQUESTS_FALLBACK_MESSAGE = 'Failed to load pull requests';
export const PULL_REQUEST_FALLBACK_MESSAGE = 'Failed to load the pull request';

export const pullRequestsErrorText = (error: unknown): string =>
  errorMessage(error, PULL_REQUESTS_FALLBACK_MESSAGE);

/**
 * GET /api/maintainer/repos/:owner/:repo/pulls: the maintainer's queue, ordered by the server
 * (staked with green checks first, by the author's standing), the unstaked pull requests on
 * bounty issues apart, and the ones recently closed without a merge.
 */
export async function getPullRequests(
  owner: string,
  repo: string,
  options: { signal?: AbortSignal; refresh?: boolean } = {},
): Promise<PullRequestQueue> {
  const query = options.refresh ? '?refresh=true' : '';
  const body = await apiRequest<{ data?: unknown }>(`${repoApiPath(owner, repo)}/pulls${query}`, {
    signal: options.signal,
  });
  return parseData(pullRequestQueueSchema, body.data);
}

export function usePullRequests(owner: string, repo: string) {
  return useQuery({
    queryKey: pullRequestsKeys.list(owner, repo),
    queryFn: ({ signal }) => getPullRequests(owner, repo, { signal }),
    retry: retryUnlessClientError,
  });
}

/** Refresh: the queue read from GitHub again, not from the server's kept read. */
export function useRefreshPullRequests(owner: string, repo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getPullRequests(owner, repo, { refresh: true }),
    onSuccess: (queue) => {
      queryClient.setQueryData(pullRequestsKeys.list(owner, repo), queue);
    },
  });
}

/** GET /api/maintainer/repos/:owner/:repo/pulls/:number: one pull request with its size. */
export async function getPullRequest(
  owner: string,
  repo: string,
  number: number,
  signal?: AbortSignal,
): Promise<PullRequestDetail> {
  const body = await apiRequest<{ data?: unknown }>(
    `${repoApiPath(owner, repo)}/pulls/${String(number)}`,
    { signal },
  );
  return parseData(pullRequestDetailSchema, body.data);
}

export function usePullRequest(owner: string, repo: string, number: number, enabled: boolean) {
  return useQuery({
    queryKey: pullRequestsKeys.detail(owner, repo, number),
    queryFn: ({ signal }) => getPullRequest(owner, repo, number, signal),
    enabled,
    retry: retryUnlessClientError,
  });
}
