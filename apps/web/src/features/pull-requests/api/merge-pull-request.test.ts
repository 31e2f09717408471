import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { closePullRequest } from './close-pull-request';
import { getPullRequests } from './pull-requests';
import { initialMergeFeedbackState, setRating, toMergeFeedback } from '../lib/merge-feedback-form';
import { mergePullRequest } from './merge-pull-request';

function respond(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mergePullRequest', () => {
  const feedback = toMergeFeedback(setRating(initialMergeFeedbackState(), 'testing', 4));

  it('posts the feedback to the pull request and reads the result', async () => {
    const result = {
      sha: 'abc',
      xp: 4,
      coins: 8,
      xpOffered: 4,
      limitReason: null,
      contributor: 'alice',
      stakeSettled: true,
      bountyPaid: 0,
      bountyRefunded: 0,
    };
    const fetchMock = respond(200, { success: true, data: result });
    vi.stubGlobal('fetch', fetchMock);

    await expect(
      mergePullRequest({ owner: 'acme', repo: 'widgets', number: 42, feedback }),
    ).resolves.toEqual(result);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/maintainer/repos/acme/widgets/pulls/42/merge');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual(feedback);
  });

  it("rejects with the server's message, which the dialog shows", async () => {
    vi.stubGlobal(
      'fetch',
      respond(409, {
        success: false,
        code: 'NOT_MERGEABLE',
        message: 'Pull request is not mergeable',
      }),
    );
    const error = await mergePullRequest({
      owner: 'acme',
      repo: 'widgets',
      number: 42,
      feedback,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Pull request is not mergeable');
  });
});

describe('closePullRequest and getPullRequests', () => {
  it('closes with an empty JSON body and reads the stake outcome', async () => {
    const fetchMock = respond(200, { success: true, data: { stakeOutcome: 'expired' } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(closePullRequest({ owner: 'acme', repo: 'widgets', number: 7 })).resolves.toEqual({
      stakeOutcome: 'expired',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/maintainer/repos/acme/widgets/pulls/7/close');
    expect(init?.body).toBe('{}');
  });

  it("asks for the maintainer's queue", async () => {
    const queue = {
      pullRequests: [],
      unstakedOnBounties: [],
      recentlyClosed: [],
      truncated: false,
      readAt: '2026-11-29T09:00:00.000Z',
    };
    const fetchMock = respond(200, { success: true, data: queue });
    vi.stubGlobal('fetch', fetchMock);
    await expect(getPullRequests('acme', 'my.repo')).resolves.toEqual(queue);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/maintainer/repos/acme/my.repo/pulls');
    // Refresh asks the server to read GitHub again rather than its kept read.
    await getPullRequests('acme', 'my.repo', { refresh: true });
    expect(fetchMock.mock.calls[1]![0]).toBe(
      '/api/maintainer/repos/acme/my.repo/pulls?refresh=true',
    );
  });
});
