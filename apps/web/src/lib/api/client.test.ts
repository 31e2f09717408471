import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError, errorMessage } from './api-error';
import { apiRequest } from './client';

function respond(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () =>
    Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with credentials and returns the parsed body', async () => {
    const fetchMock = respond(200, { success: true, user: { id: '1' } });
    vi.stubGlobal('fetch', fetchMock);

    const result = await apiRequest<{ success: true }>('/login', {
      method: 'POST',
      body: { email: 'a@b.co' },
    });

    expect(result).toEqual({ success: true, user: { id: '1' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends no body and no content type on GET', async () => {
    const fetchMock = respond(200, { success: true });
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest('/api/user');

    const init = fetchMock.mock.calls[0]![1];
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('rejects with the server message, code and field on an error status', async () => {
    vi.stubGlobal(
      'fetch',
      respond(409, {
        success: false,
        message: 'An account with this email already exists',
        code: 'EMAIL_TAKEN',
        field: 'email',
      }),
    );

    const error = await apiRequest('/register', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      serverMessage: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
      field: 'email',
    });
  });

  it('treats success: false as a failure even with status 200', async () => {
    vi.stubGlobal('fetch', respond(200, { success: false, message: 'Nope' }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 200, serverMessage: 'Nope' });
  });

  it('has no server message when the error body is not JSON', async () => {
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>'));
    await expect(apiRequest('/x')).rejects.toMatchObject({
      status: 502,
      serverMessage: undefined,
    });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });
});

describe('errorMessage', () => {
  it('prefers the server message', () => {
    const error = new ApiError({ status: 401, serverMessage: 'Invalid email or password' });
    expect(errorMessage(error, 'Login failed')).toBe('Invalid email or password');
  });

  it('falls back when there is no server message or the error is not an ApiError', () => {
    expect(errorMessage(new ApiError({ status: 0 }), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new ApiError({ status: 500 }), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
  });
});
