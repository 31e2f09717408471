import { afterEach, describe, expect, it, vi } from 'vitest';

import { getPullRequest } from './pull-requests';
import { setSpamMark } from './spam-mark';

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

describe('setSpamMark', () => {
  const answer = (spamMarked: boolean) =>
    vi.fn<typeof fetch>(async () =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, data: { spamMarked, author: 'alice' } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );

  it("marks with a POST and undoes with a DELETE of the pull request's spam mark", async () => {
    const mark = answer(true);
    vi.stubGlobal('fetch', mark);
    await expect(
      setSpamMark({ owner: 'acme', repo: 'widgets', number: 7, spam: true }),
    ).resolves.toEqual({ spamMarked: true, author: 'alice' });
    expect(mark.mock.calls[0]![0]).toBe('/api/maintainer/repos/acme/widgets/pulls/7/spam-mark');
    expect(mark.mock.calls[0]![1]?.method).toBe('POST');

    const undo = answer(false);
    vi.stubGlobal('fetch', undo);
    await expect(
      setSpamMark({ owner: 'acme', repo: 'widgets', number: 7, spam: false }),
    ).resolves.toEqual({ spamMarked: false, author: 'alice' });
    expect(undo.mock.calls[0]![1]?.method).toBe('DELETE');
  });
});
