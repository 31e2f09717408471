import { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

type ErrorBody = { success?: unknown; message?: unknown; code?: unknown; field?: unknown };

const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, for example: there is no server message to show.
    return undefined;
  }
}

/**
 * Calls the OpenStake API on the same origin. The session travels in the httpOnly cookie the
 * server sets (`credentials: 'include'`); this client never reads or stores a token.
 * Resolves with the parsed body; rejects with an ApiError when the request fails, the status
 * is not 2xx, or the body says `success: false`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (cause) {
    throw new ApiError({ status: 0, cause });
  }

  const data = await readJson(response);
  const errorBody = (typeof data === 'object' && data !== null ? data : {}) as ErrorBody;
  if (!response.ok || errorBody.success === false) {
    throw new ApiError({
      status: response.status,
      serverMessage: asString(errorBody.message),
      code: asString(errorBody.code),
      field: asString(errorBody.field),
    });
  }
  return data as T;
}
