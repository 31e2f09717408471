import { SESSION_USER_ELEMENT_ID, sessionUserSchema, type SessionUser } from '@openstake/core';
import { queryOptions } from '@tanstack/react-query';

import { ApiError } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { readPageData, type PageWithData } from '@/lib/page-data';
import { authKeys } from './query-keys';

const SESSION_STALE_MS = 5 * 60_000;

/**
 * Reads the SessionUser out of a response body. The server is the source of truth for who is
 * signed in; a body that does not look like a user is treated as a failed call.
 */
export function parseSessionUser(value: unknown): SessionUser {
  return parseData(sessionUserSchema, value);
}

/** GET /api/user: the signed-in user, or null when there is no (valid) session cookie. */
export async function getSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const body = await apiRequest<{ user?: unknown }>('/api/user', { signal });
    return parseSessionUser(body.user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The user a page rendered for its session carries (the contributor dashboard; apps/server's
 * spa.ts writes GET /api/user's answer into it), or undefined: main.tsx puts it in the cache so
 * the first render is the HTML's, signed in, without asking GET /api/user.
 */
export function sessionUserFromPage(page: PageWithData): SessionUser | undefined {
  return readPageData(page, SESSION_USER_ELEMENT_ID, sessionUserSchema, 'session user');
}

/**
 * The session query: UserProvider reads it, and main.tsx starts it before the first render so
 * the answer is on its way while React renders.
 */
export const sessionUserQuery = queryOptions({
  queryKey: authKeys.sessionUser,
  queryFn: ({ signal }) => getSessionUser(signal),
  // 401 is "signed out" (getSessionUser answers null), so no 4xx is worth a retry.
  retry: retryUnlessClientError,
  staleTime: SESSION_STALE_MS,
});
