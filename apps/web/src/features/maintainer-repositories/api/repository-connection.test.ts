import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { REPOSITORIES_FALLBACK_MESSAGE, repositoriesErrorText } from './maintainer-repositories';
import { maintainerRepositoriesKeys } from './query-keys';
import {
  connectRepositories,
  connectRepository,
  disconnectRepository,
  repositoryMutation,
  updateBotComments,
  updateDeductionPercent,
  updateStakePolicy,
} from './repository-connection';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = () =>
  vi.fn<typeof fetch>(async () =>
    Promise.resolve(new Response(JSON.stringify({ success: true }), { status: 200 })),
  );

describe('repository connection calls', () => {
  it('connects, changes the percent and disconnects at the existing endpoints', async () => {
    const fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    await connectRepository({ owner: 'acme', repo: 'widgets', deductionPercent: 10 });
    await updateDeductionPercent({ owner: 'acme', repo: 'widgets', deductionPercent: 15 });
    await disconnectRepository({ owner: 'acme', repo: 'widgets' });

    const calls = fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body]);
    expect(calls).toEqual([
      [
        '/api/maintainer/repositories',
        'POST',
        '{"owner":"acme","repo":"widgets","deductionPercent":10}',
      ],
      ['/api/maintainer/repositories/acme/widgets', 'PATCH', '{"deductionPercent":15}'],
      ['/api/maintainer/repositories/acme/widgets', 'DELETE', undefined],
    ]);
  });

  it('connects several one after another and reports each failure without stopping', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
      const { repo } = JSON.parse(init?.body as string) as { repo: string };
      return Promise.resolve(
        repo === 'b'
          ? new Response(JSON.stringify({ success: false, message: 'Push access required' }), {
              status: 403,
            })
          : new Response(JSON.stringify({ success: true }), { status: 201 }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = await connectRepositories({
      repositories: ['a', 'b', 'c'].map((repo) => ({
        owner: 'acme',
        repo,
        fullName: `acme/${repo}`,
      })),
      deductionPercent: 10,
    });
    expect(result).toEqual({
      connected: ['acme/a', 'acme/c'],
      failed: [{ fullName: 'acme/b', message: 'Push access required' }],
    });
  });
});

describe('turning bot comments on or off', () => {
  const answer = (body: unknown, status: number) => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Promise.resolve(new Response(JSON.stringify(body), { status })),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  /** A cache holding the repository list, as the dashboard has it. */
  const clientWithList = () => {
    const client = new QueryClient();
    client.setQueryData(maintainerRepositoriesKeys.list, []);
    return client;
  };
  const listInvalidated = (client: QueryClient) =>
    client.getQueryState(maintainerRepositoriesKeys.list)?.isInvalidated;

  it('patches only botComments and fetches the repository list again', async () => {
    const fetchMock = answer(
      {
        success: true,
        data: {
          fullName: 'acme/widgets',
          deductionPercent: 10,
          connectedAt: '2025-03-01T10:00:00.000Z',
          botComments: false,
        },
      },
      200,
    );
    const client = clientWithList();

    await new MutationObserver(client, repositoryMutation(client, updateBotComments)).mutate({
      owner: 'acme',
      repo: 'widgets',
      botComments: false,
    });

    const calls = fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body]);
    expect(calls).toEqual([
      ['/api/maintainer/repositories/acme/widgets', 'PATCH', '{"botComments":false}'],
    ]);
    expect(listInvalidated(client)).toBe(true);
  });

  it("fails with the server's message, and the list is fetched again all the same", async () => {
    answer({ success: false, code: 'NOT_FOUND', message: 'acme/widgets is not connected' }, 404);
    const client = clientWithList();

    const failure = await new MutationObserver(
      client,
      repositoryMutation(client, updateBotComments),
    )
      .mutate({ owner: 'acme', repo: 'widgets', botComments: true })
      .catch((error: unknown) => error);

    expect((failure as ApiError).serverMessage).toBe('acme/widgets is not connected');
    expect(listInvalidated(client)).toBe(true);
  });
});

describe('saving the stake policy', () => {
  const answer = (body: unknown, status: number) => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Promise.resolve(new Response(JSON.stringify(body), { status })),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('patches the changed settings alone, and fetches the repository list again', async () => {
    const fetchMock = answer({ success: true, data: {} }, 200);
    const client = new QueryClient();
    client.setQueryData(maintainerRepositoriesKeys.list, []);

    await new MutationObserver(client, repositoryMutation(client, updateStakePolicy)).mutate({
      owner: 'acme',
      repo: 'widgets',
      policy: { maxOpenStakesPerContributor: 1, exclusiveWindowDays: null, vouchedOnly: true },
    });

    const calls = fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body]);
    expect(calls).toEqual([
      [
        '/api/maintainer/repositories/acme/widgets',
        'PATCH',
        '{"maxOpenStakesPerContributor":1,"exclusiveWindowDays":null,"vouchedOnly":true}',
      ],
    ]);
    expect(client.getQueryState(maintainerRepositoriesKeys.list)?.isInvalidated).toBe(true);
  });

  it("fails with the server's message and the field it names", async () => {
    answer(
      {
        success: false,
        code: 'BAD_REQUEST',
        message:
          "minXp: The minimum rank must be a rank's minimum XP: 0, 100, 500, 1500, 3000, 5000",
        field: 'minXp',
      },
      400,
    );
    const failure = await updateStakePolicy({
      owner: 'acme',
      repo: 'widgets',
      policy: { minXp: 42 },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).field).toBe('minXp');
    expect((failure as ApiError).serverMessage).toMatch(/^minXp: The minimum rank must be/);
  });
});

describe('repositoriesErrorText', () => {
  it("shows 'Error: ' with the server's message or the fallback", () => {
    expect(
      repositoriesErrorText(new ApiError({ status: 502, serverMessage: 'GitHub is down' })),
    ).toBe('Error: GitHub is down');
    expect(repositoriesErrorText(new Error('x'))).toBe(`Error: ${REPOSITORIES_FALLBACK_MESSAGE}`);
  });
});
