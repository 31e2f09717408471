import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { loadOrganization } from './load-organization';

type Route = { status: number; body: unknown };

/** Answers each path with its response; any other path fails the test. */
function stubApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const route = routes[String(input)];
    if (!route) throw new Error(`Unexpected request ${String(input)}`);
    return Promise.resolve(
      new Response(JSON.stringify(route.body), {
        status: route.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const base = '/api/maintainer/organizations/acme';
const repo = {
  name: 'widgets',
  full_name: 'acme/widgets',
  html_url: 'https://github.com/acme/widgets',
  description: null,
  language: 'TypeScript',
  stargazers_count: 4,
};
const notFound = {
  status: 404,
  body: { success: false, code: 'NOT_FOUND', message: 'No context' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadOrganization', () => {
  it('reads the repositories and no saved context (404)', async () => {
    stubApi({
      [`${base}/repositories`]: { status: 200, body: { success: true, data: [repo] } },
      [`${base}/context`]: notFound,
    });
    await expect(loadOrganization(new QueryClient(), 'acme')).resolves.toEqual({
      repositories: [repo],
      reposError: null,
      savedContext: null,
    });
  });

  it('keeps a saved context when the repositories need GitHub', async () => {
    const saved = {
      organization: 'acme',
      context: 'Acme builds widgets.',
      repoLinks: ['https://github.com/acme/widgets'],
      updatedAt: '2025-03-01T10:00:00.000Z',
    };
    stubApi({
      [`${base}/repositories`]: {
        status: 403,
        body: {
          success: false,
          code: 'GITHUB_AUTH_REQUIRED',
          message: 'GitHub authentication required',
        },
      },
      [`${base}/context`]: { status: 200, body: { success: true, data: saved } },
    });
    await expect(loadOrganization(new QueryClient(), 'acme')).resolves.toEqual({
      repositories: null,
      reposError: { message: 'GitHub authentication required', githubAuthRequired: true },
      savedContext: saved,
    });
  });

  it('fails as a whole when the saved context cannot be read', async () => {
    stubApi({
      [`${base}/repositories`]: { status: 200, body: { success: true, data: [] } },
      [`${base}/context`]: {
        status: 403,
        body: { success: false, code: 'FORBIDDEN', message: 'You are not a member of acme' },
      },
    });
    await expect(loadOrganization(new QueryClient(), 'acme')).rejects.toMatchObject({
      serverMessage: 'You are not a member of acme',
    });
  });
});
