import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  getGithubUserVouches,
  getRepositoryVouches,
  setVouch,
  withdrawVouch,
} from './repository-vouches';

afterEach(() => {
  vi.unstubAllGlobals();
});

const vouch = {
  githubUserId: 7,
  login: 'alice',
  kind: 'denounced',
  reason: 'spam',
  source: 'settings',
  decidedByLogin: 'mia',
  updatedAt: '2026-11-29T10:00:00.000Z',
};

const answering = (data: unknown) =>
  vi.fn<typeof fetch>(async () =>
    Promise.resolve(new Response(JSON.stringify({ success: true, data }), { status: 200 })),
  );

describe('repository vouch calls', () => {
  it("read the server's answer at the vouch endpoints, the login without its @", async () => {
    const fetchMock = answering([vouch]);
    vi.stubGlobal('fetch', fetchMock);
    expect(await getRepositoryVouches('acme', 'widgets')).toEqual([vouch]);

    const put = answering(vouch);
    vi.stubGlobal('fetch', put);
    expect(
      await setVouch({
        owner: 'acme',
        repo: 'widgets',
        login: '@alice',
        kind: 'denounced',
        reason: 'spam',
        source: 'pull_request',
      }),
    ).toEqual(vouch);

    const done = answering(undefined);
    vi.stubGlobal('fetch', done);
    await withdrawVouch({ owner: 'acme', repo: 'widgets', login: 'alice' });

    const profile = answering([
      {
        repository: 'acme/widgets',
        kind: 'vouched',
        reason: null,
        decidedByLogin: 'mia',
        updatedAt: vouch.updatedAt,
      },
    ]);
    vi.stubGlobal('fetch', profile);
    expect(await getGithubUserVouches('alice')).toHaveLength(1);

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/maintainer/repositories/acme/widgets/vouches');
    expect(put.mock.calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      [
        '/api/maintainer/repositories/acme/widgets/vouches/alice',
        'PUT',
        '{"kind":"denounced","reason":"spam","source":"pull_request"}',
      ],
    ]);
    expect(done.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      ['/api/maintainer/repositories/acme/widgets/vouches/alice', 'DELETE'],
    ]);
    expect(profile.mock.calls[0]?.[0]).toBe('/api/maintainer/github-users/alice/vouches');
  });

  it('refuses an answer that is not the contract', async () => {
    vi.stubGlobal('fetch', answering([{ login: 'alice' }]));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(getRepositoryVouches('acme', 'widgets')).rejects.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});
