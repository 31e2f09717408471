import { ApiError } from '@/lib/api/api-error';
import { AUTH_FALLBACK_MESSAGES } from './auth-form';

/**
 * The server's message, else 'Registration failed' when the server answered
 * without one, else 'Something went wrong' when no answer came back.
 */
export function registrationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    return error.isNetworkError ? AUTH_FALLBACK_MESSAGES.network : AUTH_FALLBACK_MESSAGES.register;
  }
  return AUTH_FALLBACK_MESSAGES.network;
}
