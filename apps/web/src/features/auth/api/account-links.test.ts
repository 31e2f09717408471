import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import {
  forgotPassword,
  resendVerification,
  resetPassword,
  verifyEmail,
  verifyEmailQuery,
} from './account-links';
import { authKeys } from './query-keys';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';

/** Every request answers `body` with `status`; the stub records what was sent. */
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

const sent = (fetchMock: ReturnType<typeof answer>, i = 0) => {
  const [path, init] = fetchMock.mock.calls[i]!;
  return {
    path,
    method: init?.method,
    body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
  };
};

describe('the account-link calls', () => {
  it("POST each to its route with its body, and answer the server's sentence", async () => {
    const cases = [
      {
        call: () => verifyEmail({ token: TOKEN }),
        path: '/api/auth/verify-email',
        body: { token: TOKEN },
        message: 'ada@example.com is confirmed. Thank you.',
      },
      {
        call: () => resendVerification(),
        path: '/api/auth/resend-verification',
        body: undefined,
        message: 'We sent a new link to ada@example.com.',
      },
      {
        call: () => forgotPassword({ email: 'ada@example.com' }),
        path: '/api/auth/forgot-password',
        body: { email: 'ada@example.com' },
        message: 'If an account uses ada@example.com, we sent it a link to set a new password.',
      },
      {
        call: () => resetPassword({ token: TOKEN, password: 'correct horse' }),
        path: '/api/auth/reset-password',
        body: { token: TOKEN, password: 'correct horse' },
        message: 'Your password is changed, and every other session of your account has ended.',
      },
    ];
    for (const { call, path, body, message } of cases) {
      const fetchMock = answer({ success: true, message });
      expect(await call(), path).toEqual({ message });
      expect(sent(fetchMock), path).toEqual({ path, method: 'POST', body });
    }
  });

  it("fail with the server's message and status", async () => {
    answer({ success: false, message: 'Too many links this hour: try again later.' }, 429);
    const failure = await resendVerification().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(429);
    expect((failure as ApiError).serverMessage).toBe('Too many links this hour: try again later.');
  });
});

describe('verifyEmailQuery', () => {
  it('POSTs once however often the page mounts (strict mode mounts it twice)', async () => {
    const fetchMock = answer({
      success: true,
      message: 'ada@example.com is confirmed. Thank you.',
    });
    const client = new QueryClient();
    const options = verifyEmailQuery(client, TOKEN);
    // Mount, unmount, mount again, as React's strict mode does; then a later visit.
    const first = new QueryObserver(client, options);
    const stop = first.subscribe(() => undefined);
    stop();
    const second = new QueryObserver(client, options);
    const stopSecond = second.subscribe(() => undefined);
    const result = await second.refetch({ cancelRefetch: false });
    stopSecond();
    const later = new QueryObserver(client, options);
    later.subscribe(() => undefined)();

    expect(result.data).toEqual({ message: 'ada@example.com is confirmed. Thank you.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent(fetchMock)).toEqual({
      path: '/api/auth/verify-email',
      method: 'POST',
      body: { token: TOKEN },
    });
  });

  it('has the session user read again once confirmed', async () => {
    answer({ success: true, message: 'ada@example.com is confirmed. Thank you.' });
    const client = new QueryClient();
    client.setQueryData(authKeys.sessionUser, null);
    expect(client.getQueryState(authKeys.sessionUser)?.isInvalidated).toBe(false);
    await client.fetchQuery(verifyEmailQuery(client, TOKEN));
    expect(client.getQueryState(authKeys.sessionUser)?.isInvalidated).toBe(true);
  });

  it('does not retry a refused link, nor touch the session', async () => {
    const fetchMock = answer(
      { success: false, message: 'This link was already used. Sign in to ask for a new one.' },
      400,
    );
    const client = new QueryClient();
    client.setQueryData(authKeys.sessionUser, null);
    const options = verifyEmailQuery(client, TOKEN);
    await client.prefetchQuery(options);
    const mountedAgain = new QueryObserver(client, options);
    mountedAgain.subscribe(() => undefined)();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const state = client.getQueryState(options.queryKey);
    expect((state?.error as ApiError).serverMessage).toBe(
      'This link was already used. Sign in to ask for a new one.',
    );
    expect(client.getQueryState(authKeys.sessionUser)?.isInvalidated).toBe(false);
  });
});
