import { sessionUserSchema, type SessionUser } from '@openstake/core';

import { ApiError } from '../../../lib/api/api-error';
import { apiRequest } from '../../../lib/api/client';
import { parseData } from '../../../lib/api/parse';

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
