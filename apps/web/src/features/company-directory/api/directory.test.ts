import type { DirectoryPage } from '@openstake/core';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { parseDirectoryFilters } from '../lib/directory-filters';
import { directoryRow } from '../test/directory-data';
import { directoryQueryOptions, getDirectoryGithub, getDirectoryProfile } from './directory';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's directory over `rows`, a page of `limit` at a time; records the URLs asked for. */
function directoryServer(rows: ReturnType<typeof directoryRow>[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      const limit = Number(url.searchParams.get('limit'));
      const cursor = url.searchParams.get('cursor');
      const start = cursor ? rows.findIndex((row) => row.id === cursor) + 1 : 0;
      const data = rows.slice(start, start + limit);
      const page: DirectoryPage = {
        data,
        stats: { total: rows.length, active: rows.length - 1, averageXp: 120 },
        nextCursor: start + limit < rows.length ? data.at(-1)!.id : null,
      };
      return Promise.resolve(json({ success: true, ...page }));
    }),
  );
  return asked;
}

describe('the directory query', () => {
  it("asks with the URL's filters, then each 'Load more' adds the next page until the last", async () => {
    const rows = Array.from({ length: 45 }, (_, i) => directoryRow(i + 1));
    const asked = directoryServer(rows);
    const filters = parseDirectoryFilters(new URLSearchParams('rank=Code+Apprentice&minXp=100'));
    const observer = new InfiniteQueryObserver(new QueryClient(), directoryQueryOptions(filters));

    await observer.refetch();
    let result = observer.getCurrentResult();
    expect(result.data?.contributors).toEqual(rows.slice(0, 20));
    expect(result.data?.stats).toEqual({ total: 45, active: 44, averageXp: 120 });
    expect(result.hasNextPage).toBe(true);

    await observer.fetchNextPage();
    result = await observer.fetchNextPage();
    expect(result.data?.contributors).toEqual(rows);
    expect(result.hasNextPage).toBe(false);
    expect(asked).toEqual([
      '/api/company/contributors?rank=Code+Apprentice&minXp=100&sort=xp_desc&limit=20',
      '/api/company/contributors?rank=Code+Apprentice&minXp=100&sort=xp_desc&limit=20&cursor=user-20',
      '/api/company/contributors?rank=Code+Apprentice&minXp=100&sort=xp_desc&limit=20&cursor=user-40',
    ]);
  });
});

describe('getDirectoryProfile', () => {
  it('fails with the 404 of a hidden or unknown contributor', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Promise.resolve(
          json({ success: false, code: 'NOT_FOUND', message: 'Contributor not found' }, 404),
        ),
      ),
    );
    const failure = await getDirectoryProfile('user/1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/company/contributors/user%2F1');
  });
});

describe('getDirectoryGithub', () => {
  it('reads an unavailable answer with its reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Promise.resolve(
          json({ success: true, data: { available: false, reason: 'GitHub rate limit reached' } }),
        ),
      ),
    );
    expect(await getDirectoryGithub('user-1')).toEqual({
      available: false,
      reason: 'GitHub rate limit reached',
    });
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/company/contributors/user-1/github');
  });
});
