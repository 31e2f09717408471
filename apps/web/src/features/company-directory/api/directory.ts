import {
  directoryGithubSchema,
  directoryPageSchema,
  directoryProfileSchema,
  type DirectoryContributor,
  type DirectoryGithub,
  type DirectoryPage,
  type DirectoryProfile,
  type DirectoryStats,
} from '@openstake/core';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { directoryApiQuery, type DirectoryFilters } from '../lib/directory-filters';
import { companyDirectoryKeys } from './query-keys';

const contributorPath = (userId: string) =>
  `/api/company/contributors/${encodeURIComponent(userId)}`;

/**
 * GET /api/company/contributors: a page of the contributors matching the filters, the stats of
 * every matching contributor, and the next page's cursor (null after the last page).
 */
export async function getDirectoryPage(
  filters: DirectoryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DirectoryPage> {
  const body = await apiRequest<unknown>(
    `/api/company/contributors?${directoryApiQuery(filters, cursor)}`,
    { signal },
  );
  return parseData(directoryPageSchema, body);
}

/** The list as the page shows it: the rows loaded so far and the stats of the first page. */
export interface DirectoryListing {
  contributors: DirectoryContributor[];
  stats: DirectoryStats;
}

const loadedListing = (data: InfiniteData<DirectoryPage, string | null>): DirectoryListing => ({
  contributors: data.pages.flatMap((page) => page.data),
  // Every page carries the same stats (of all matching contributors); the first is the oldest
  // answer only while a refetch is running, and then all of them are replaced together.
  stats: data.pages[0]?.stats ?? { total: 0, active: 0, averageXp: 0 },
});

/**
 * The directory as react-query's infinite query: the first page, then one more per
 * fetchNextPage() while the server gives a cursor. While other filters load, the previous list
 * stays on screen (marked busy) instead of a loading state.
 */
export const directoryQueryOptions = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: companyDirectoryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getDirectoryPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    select: loadedListing,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useDirectory(filters: DirectoryFilters) {
  return useInfiniteQuery(directoryQueryOptions(filters));
}

/** GET /api/company/contributors/{userId}: the profile dialog's OpenStake record (404: hidden). */
export async function getDirectoryProfile(
  userId: string,
  signal?: AbortSignal,
): Promise<DirectoryProfile> {
  const body = await apiRequest<{ data?: unknown }>(contributorPath(userId), { signal });
  return parseData(directoryProfileSchema, body.data);
}

export function useDirectoryProfile(userId: string) {
  return useQuery({
    queryKey: companyDirectoryKeys.profile(userId),
    queryFn: ({ signal }) => getDirectoryProfile(userId, signal),
    retry: retryUnlessClientError,
  });
}

/**
 * GET /api/company/contributors/{userId}/github: the contributor's GitHub profile and
 * repositories, or `available: false` with the reason GitHub could not be read.
 */
export async function getDirectoryGithub(
  userId: string,
  signal?: AbortSignal,
): Promise<DirectoryGithub> {
  const body = await apiRequest<{ data?: unknown }>(`${contributorPath(userId)}/github`, {
    signal,
  });
  return parseData(directoryGithubSchema, body.data);
}

export function useDirectoryGithub(userId: string) {
  return useQuery({
    queryKey: companyDirectoryKeys.github(userId),
    queryFn: ({ signal }) => getDirectoryGithub(userId, signal),
    retry: retryUnlessClientError,
    // The server caches GitHub's answer; a dialog opened again shows the copy it has.
    staleTime: 5 * 60_000,
  });
}
