import { afterEach, describe, expect, it, vi } from 'vitest';

import { getPullRequest } from './pull-requests';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getPullRequest', () => {
  it('encodes the repository in the path', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, message: 'Not Found' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(getPullRequest('a b', 'c/d', 7)).rejects.toMatchObject({ status: 404 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/maintainer/repos/a%20b/c%2Fd/pulls/7');
  });
});
