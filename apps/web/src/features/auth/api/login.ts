import type { SessionUser } from '@openstake/core';
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import type { AuthPayload } from '../lib/auth-form';
import { parseSessionUser } from './session-user';

export interface LoginResult {
  message: string;
  user: SessionUser;
}

/**
 * POST /login. The server also returns a token for API clients; the web app ignores it on
 * purpose: the session lives in the httpOnly cookie the same response sets.
 */
export async function login(payload: AuthPayload): Promise<LoginResult> {
  const body = await apiRequest<{ message?: string; user?: unknown }>('/login', {
    method: 'POST',
    body: payload,
  });
  return { message: body.message ?? 'Login successful', user: parseSessionUser(body.user) };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
