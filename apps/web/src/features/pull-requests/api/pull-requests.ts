import {
  pullRequestDetailSchema,
  pullRequestSchema,
  type PullRequest,
  type PullRequestDetail,
} from '@openstake/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { nextPageAfter } from '@/lib/github-pages';
import { repoApiPath } from '@/features/maintainer-repositories/api/repository-api-path';
import { pullRequestsKeys } from './query-keys';

export const PULL_REQUESTS_FALLBACK_MESSAGE = 'Failed to load pull requests';
export const PULL_REQUEST_FALLBACK_MESSAGE = 'Failed to load the pull request';

export const pullRequestsErrorText = (error: unknown): string =>
  errorMessage(error, PULL_REQUESTS_FALLBACK_MESSAGE);

/** GET /api/maintainer/repos/:owner/:repo/pulls?page=N: open pull requests, 30 a page. */
export async function getPullRequests(
  owner: string,
  repo: string,
  page: number,
  signal?: AbortSignal,
): Promise<PullRequest[]> {
  const body = await apiRequest<{ data?: unknown }>(
    `${repoApiPath(owner, repo)}/pulls?page=${String(page)}`,
    { signal },
  );
  return parseData(pullRequestSchema.array(), body.data);
}

/** A full page means there may be more; a short one is the last. */
/** The open pull requests, page by page ('Load more'). */
export function usePullRequests(owner: string, repo: string) {
  return useInfiniteQuery({
    queryKey: pullRequestsKeys.list(owner, repo),
    queryFn: ({ pageParam, signal }) => getPullRequests(owner, repo, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => nextPageAfter(lastPage, pages.length),
    retry: retryUnlessClientError,
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
