import { afterEach, describe, expect, it, vi } from 'vitest';

import { createApiKey, deleteApiKey, getApiKeys } from './api-keys';

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const created = {
  _id: 'k1',
  name: 'CI',
  maskedKey: 'acme...wxyz',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsed: null,
  secretKey: 'acme0123456789abwxyz',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('API key calls', () => {
  it('lists the keys of an organization', async () => {
    const fetchMock = respond(200, { success: true, data: [] });
    await expect(getApiKeys('acme')).resolves.toEqual([]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/maintainer/organizations/acme/api-keys');
  });

  it('creates a key with a trimmed name and returns its secret', async () => {
    const fetchMock = respond(201, { success: true, data: created });
    await expect(createApiKey({ org: 'acme', name: '  CI ' })).resolves.toEqual(created);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/maintainer/organizations/acme/api-keys');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"CI"}');
  });

  it("passes on the server's refusal without a saved context", async () => {
    respond(400, {
      success: false,
      code: 'VALIDATION',
      message: 'You need to generate context first.',
    });
    await expect(createApiKey({ org: 'acme', name: '' })).rejects.toMatchObject({
      serverMessage: 'You need to generate context first.',
    });
  });

  it('deletes a key by id, URL-encoded', async () => {
    const fetchMock = respond(200, { success: true });
    await deleteApiKey({ org: 'acme', id: 'a/b' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/maintainer/organizations/acme/api-keys/a%2Fb');
    expect(init?.method).toBe('DELETE');
  });
});
