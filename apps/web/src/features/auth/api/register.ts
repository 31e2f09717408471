import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import type { AuthPayload } from '../lib/auth-form';

/** POST /register. Registering does not sign in: the user logs in afterwards. */
export async function register(payload: AuthPayload): Promise<{ message: string }> {
  const body = await apiRequest<{ message?: string }>('/register', {
    method: 'POST',
    body: payload,
  });
  return { message: body.message ?? 'User registered successfully' };
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
