import type { Stake } from '@openstake/core';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { refreshAfterStake } from './create-stake';
import { getStakesPage, stakesQueryOptions } from './stakes';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stake = (n: number): Stake => ({
  _id: `stake-${String(n)}`,
  status: 'pending',
  issueId: 1000 + n,
  issueNumber: n,
  issueTitle: `Issue ${String(n)}`,
  repository: 'acme/widgets',
  amount: 10,
  createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  settledAt: null,
  coinsEarned: 0,
  xpEarned: 0,
  coinsLost: 0,
  bountyEarned: 0,
  xpUncounted: 0,
  xpLimitReason: null,
  prUrl: `https://github.com/acme/widgets/pull/${String(n)}`,
});

/**
 * The server's stakes list over `stakes` (newest first), as fetch sees it: `limit` per page and
 * a cursor naming the last stake of the page before. Records the URLs asked for.
 */
function stakesServer(stakes: Stake[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const cursor = url.searchParams.get('cursor');
      const start = cursor ? stakes.findIndex((s) => s._id === cursor) + 1 : 0;
      const data = stakes.slice(start, start + limit);
      const nextCursor = start + limit < stakes.length ? data.at(-1)!._id : null;
      return Promise.resolve(
        new Response(JSON.stringify({ success: true, data, nextCursor }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return asked;
}

const newestFirst = (count: number) => Array.from({ length: count }, (_, i) => stake(count - i));

describe('getStakesPage', () => {
  it('asks for a page of 20, with the cursor after the first', async () => {
    const asked = stakesServer(newestFirst(25));
    const first = await getStakesPage(null);
    expect(first.data).toHaveLength(20);
    expect(first.nextCursor).toBe('stake-6');
    const second = await getStakesPage(first.nextCursor);
    expect(second).toEqual({ data: newestFirst(25).slice(20), nextCursor: null });
    expect(asked).toEqual([
      '/api/contributor/stakes?limit=20',
      '/api/contributor/stakes?limit=20&cursor=stake-6',
    ]);
  });
});

describe('the stakes list query', () => {
  it("shows the first page, then each 'Load more' adds the next until the server has no more", async () => {
    const all = newestFirst(45);
    const asked = stakesServer(all);
    const observer = new InfiniteQueryObserver(new QueryClient(), stakesQueryOptions);

    await observer.refetch();
    let result = observer.getCurrentResult();
    expect(result.data).toEqual(all.slice(0, 20));
    expect(result.hasNextPage).toBe(true);

    result = await observer.fetchNextPage();
    expect(result.data).toEqual(all.slice(0, 40));
    expect(result.hasNextPage).toBe(true);

    result = await observer.fetchNextPage();
    expect(result.data).toEqual(all);
    expect(result.hasNextPage).toBe(false);
    expect(asked).toEqual([
      '/api/contributor/stakes?limit=20',
      '/api/contributor/stakes?limit=20&cursor=stake-26',
      '/api/contributor/stakes?limit=20&cursor=stake-6',
    ]);
  });

  it('after a new stake, the pages shown reload from the first: the new stake on top, none twice', async () => {
    const all = newestFirst(45);
    stakesServer(all);
    const queryClient = new QueryClient();
    const observer = new InfiniteQueryObserver(queryClient, stakesQueryOptions);
    const stop = observer.subscribe(() => undefined); // the list is on screen
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
      await observer.fetchNextPage();

      all.unshift(stake(46));
      await refreshAfterStake(queryClient);

      const shown = observer.getCurrentResult().data!;
      expect(shown[0]!._id).toBe('stake-46');
      expect(shown).toEqual(all.slice(0, 40));
    } finally {
      stop();
    }
  });
});
