import { sessionUserSchema, type SessionUser } from '@openstake/core';

import { ApiError } from '../../../lib/api/api-error';
import { apiRequest } from '../../../lib/api/client';

export const sessionUserQueryKey = ['session-user'] as const;

/**
 * Reads the SessionUser out of a response body. The server is the source of truth for who is
 * signed in; a body that does not look like a user is treated as a failed call.
 */
export function parseSessionUser(value: unknown): SessionUser {
  const parsed = sessionUserSchema.safeParse(value);
  if (!parsed.success) throw new ApiError({ status: 200 });
  return parsed.data;
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

/** 401 means "signed out", an answer, not a failure; retrying it would only delay the page. */
export function shouldRetrySessionQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
