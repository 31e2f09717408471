import { repositoryIssuesPageSchema, type RepositoryIssuesPage } from '@openstake/core';
import { useInfiniteQuery } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { repoApiPath } from './repository-api-path';
import { maintainerRepositoriesKeys } from './query-keys';

export const ISSUES_FALLBACK_MESSAGE = 'Failed to load issues';

export const repositoryIssuesErrorText = (error: unknown): string =>
  errorMessage(error, ISSUES_FALLBACK_MESSAGE);

/**
 * GET /api/maintainer/repos/:owner/:repo/issues?page=N: a GitHub page of open issues and the page
 * after it. The server leaves out pull requests (GitHub lists them as issues with a pull_request
 * field), so a page can hold fewer than 30 issues, or none, and still not be the last.
 */
export async function getRepositoryIssues(
  owner: string,
  repo: string,
  page: number,
  signal?: AbortSignal,
): Promise<RepositoryIssuesPage> {
  const body = await apiRequest<unknown>(
    `${repoApiPath(owner, repo)}/issues?page=${String(page)}`,
    { signal },
  );
  return parseData(repositoryIssuesPageSchema, body);
}

export function useRepositoryIssues(owner: string, repo: string) {
  return useInfiniteQuery({
    queryKey: maintainerRepositoriesKeys.issues(owner, repo),
    queryFn: ({ pageParam, signal }) => getRepositoryIssues(owner, repo, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage) => lastPage.nextPage ?? undefined,
    retry: retryUnlessClientError,
  });
}
