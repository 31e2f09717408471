import { repositoryIssueSchema, type RepositoryIssue } from '@openstake/core';
import { useInfiniteQuery } from '@tanstack/react-query';

import { errorMessage } from '../../../lib/api/api-error';
import { apiRequest } from '../../../lib/api/client';
import { parseData, retryUnlessClientError } from '../../../lib/api/parse';
import { nextPageAfter } from '../../../lib/github-pages';
import { repoApiPath } from './repository-api-path';
import { maintainerRepositoriesKeys } from './query-keys';

export const ISSUES_FALLBACK_MESSAGE = 'Failed to load issues';

export const repositoryIssuesErrorText = (error: unknown): string =>
  errorMessage(error, ISSUES_FALLBACK_MESSAGE);

/**
 * GET /api/maintainer/repos/:owner/:repo/issues?page=N: open issues, 30 a page; the server leaves
 * out pull requests (GitHub lists them as issues with a pull_request field).
 */
export async function getRepositoryIssues(
  owner: string,
  repo: string,
  page: number,
  signal?: AbortSignal,
): Promise<RepositoryIssue[]> {
  const body = await apiRequest<{ data?: unknown }>(
    `${repoApiPath(owner, repo)}/issues?page=${String(page)}`,
    { signal },
  );
  return parseData(repositoryIssueSchema.array(), body.data);
}

export function useRepositoryIssues(owner: string, repo: string) {
  return useInfiniteQuery({
    queryKey: maintainerRepositoriesKeys.issues(owner, repo),
    queryFn: ({ pageParam, signal }) => getRepositoryIssues(owner, repo, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => nextPageAfter(lastPage, pages.length),
    retry: retryUnlessClientError,
  });
}
