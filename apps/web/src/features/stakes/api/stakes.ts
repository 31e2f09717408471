import { STAKES_PAGE_SIZE, stakesPageSchema, type Stake, type StakesPage } from '@openstake/core';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { stakesKeys } from './query-keys';

/**
 * GET /api/contributor/stakes: a page of the signed-in contributor's stakes, newest first; the
 * first page without a cursor, the next with the previous page's `nextCursor`.
 */
export async function getStakesPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StakesPage> {
  const query = new URLSearchParams({ limit: String(STAKES_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const body = await apiRequest<unknown>(`/api/contributor/stakes?${query.toString()}`, {
    signal,
  });
  return parseData(stakesPageSchema, body);
}

/** The stakes loaded so far, pages joined in order. */
const loadedStakes = (data: InfiniteData<StakesPage, string | null>): Stake[] =>
  data.pages.flatMap((page) => page.data);

/**
 * The stakes list as react-query's infinite query: the first page, then one more per
 * fetchNextPage() while the server gives a cursor. Invalidating it (a new stake) reloads the pages
 * shown from the first, so the new stake shows at the top.
 */
export const stakesQueryOptions = infiniteQueryOptions({
  queryKey: stakesKeys.all,
  queryFn: ({ pageParam, signal }) => getStakesPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  select: loadedStakes,
  retry: retryUnlessClientError,
});

/** `data` is the stakes loaded so far; `hasNextPage` and `fetchNextPage()` load more. */
export function useStakes() {
  return useInfiniteQuery(stakesQueryOptions);
}
