import { apiRequest } from '@/lib/api/client';

/** POST /logout: the server clears the session cookie. */
export async function logout(): Promise<void> {
  await apiRequest('/logout', { method: 'POST' });
}
