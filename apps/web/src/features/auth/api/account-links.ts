import type { ForgotPasswordInput, ResetPasswordInput, VerifyEmailInput } from '@openstake/core';
import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { authKeys } from './query-keys';

/** What each of these calls answers: the server's sentence, shown as it is. */
export interface AccountLinkAnswer {
  message: string;
}

/** The sentence of a 200, or `fallback` when the server sent none. */
async function post(path: string, body: unknown, fallback: string): Promise<AccountLinkAnswer> {
  const answer = await apiRequest<{ message?: unknown }>(path, { method: 'POST', body });
  return { message: typeof answer.message === 'string' ? answer.message : fallback };
}

export const ACCOUNT_LINK_FALLBACKS = {
  verified: 'Your email address is confirmed. Thank you.',
  resent: 'We sent a new link to your email address.',
  forgot: 'If an account uses this address, we sent it a link to set a new password.',
  reset: 'Your password is changed.',
} as const;

/** POST /api/auth/verify-email: confirms the address the mailed link was for. */
export function verifyEmail(input: VerifyEmailInput): Promise<AccountLinkAnswer> {
  return post('/api/auth/verify-email', input, ACCOUNT_LINK_FALLBACKS.verified);
}

/** POST /api/auth/resend-verification: a new link to the signed-in user's address. */
export function resendVerification(): Promise<AccountLinkAnswer> {
  return post('/api/auth/resend-verification', undefined, ACCOUNT_LINK_FALLBACKS.resent);
}

/** POST /api/auth/forgot-password: the same answer whether or not an account uses the address. */
export function forgotPassword(input: ForgotPasswordInput): Promise<AccountLinkAnswer> {
  return post('/api/auth/forgot-password', input, ACCOUNT_LINK_FALLBACKS.forgot);
}

/** POST /api/auth/reset-password: a new password by the mailed link. */
export function resetPassword(input: ResetPasswordInput): Promise<AccountLinkAnswer> {
  return post('/api/auth/reset-password', input, ACCOUNT_LINK_FALLBACKS.reset);
}

/**
 * Confirming on opening the link, as a query keyed by the token: the cache runs it once however
 * often the page mounts (React's strict mode mounts it twice, and a link is single-use, so a
 * second POST would answer that the link was used). Never refetched, never retried, not even
 * when the page mounts again: a failure is the answer to show. Once confirmed, the session user is read again, so a signed-in
 * visitor's `emailVerified` comes from the server (whichever account the link was for).
 */
export const verifyEmailQuery = (client: QueryClient, token: string) =>
  queryOptions({
    queryKey: [...authKeys.verifyEmail, token] as const,
    queryFn: async () => {
      const answer = await verifyEmail({ token });
      void client.invalidateQueries({ queryKey: authKeys.sessionUser });
      return answer;
    },
    retry: false,
    retryOnMount: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
