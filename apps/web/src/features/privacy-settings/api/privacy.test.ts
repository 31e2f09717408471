import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ApiError } from '@/lib/api/api-error';
import { getPrivacy, updatePrivacyMutation } from './privacy';
import { privacySettingsKeys } from './query-keys';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(body: unknown, status = 200) {
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

const choices = {
  listedInDirectory: true,
  emailVisibleToCompanies: false,
  companiesMayContact: true,
};

describe('getPrivacy', () => {
  it("reads the contributor's choices", async () => {
    const fetchMock = answer({ success: true, data: choices });
    expect(await getPrivacy()).toEqual(choices);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/contributor/privacy');
  });
});

describe('saving the privacy switches', () => {
  it('puts all three choices and keeps what the server saved', async () => {
    const next = {
      listedInDirectory: false,
      emailVisibleToCompanies: true,
      companiesMayContact: false,
    };
    const fetchMock = answer({ success: true, data: next });
    const client = new QueryClient();
    client.setQueryData(privacySettingsKeys.privacy, choices);

    await new MutationObserver(client, updatePrivacyMutation(client)).mutate(next);

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/contributor/privacy');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual(next);
    expect(client.getQueryData(privacySettingsKeys.privacy)).toEqual(next);
  });

  it("fails with the server's message and leaves the saved choices as they were", async () => {
    answer(
      { success: false, code: 'BAD_REQUEST', message: 'listedInDirectory must be true or false' },
      400,
    );
    const client = new QueryClient();
    client.setQueryData(privacySettingsKeys.privacy, choices);
    const failure = await new MutationObserver(client, updatePrivacyMutation(client))
      .mutate({ ...choices, companiesMayContact: false })
      .catch((error: unknown) => error);
    expect((failure as ApiError).serverMessage).toBe('listedInDirectory must be true or false');
    expect(client.getQueryData(privacySettingsKeys.privacy)).toEqual(choices);
  });
});
