import {
  forgotPasswordInputSchema,
  resetPasswordInputSchema,
  verifyEmailInputSchema,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@openstake/core';

import { ApiError } from '@/lib/api/api-error';

/** A form's input as the contract's schema reads it, or the first thing to fix. */
export type Checked<T> = { input: T; error?: never } | { input?: never; error: string };

const firstIssue = (error: { issues: readonly { message: string }[] }): string =>
  error.issues[0]?.message ?? 'Please check the form';

/**
 * The token of a mailed link (`?token=...`), or null when the address has none or one that
 * cannot be a link's (cut short by a mail client, for example): the page then says the link is
 * incomplete instead of asking the server.
 */
export function linkToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return verifyEmailInputSchema.safeParse({ token }).success ? token : null;
}

/** The forgot-password form, checked by the contract's schema before it is sent. */
export function checkForgotPassword(email: string): Checked<ForgotPasswordInput> {
  const parsed = forgotPasswordInputSchema.safeParse({ email });
  return parsed.success ? { input: parsed.data } : { error: firstIssue(parsed.error) };
}

export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords are not the same';

/**
 * The new password under the sign-up rules (the contract's schema), then typed twice alike. The
 * server adds its own rules (common passwords); it says so in its answer.
 */
export function checkResetPassword(values: {
  token: string;
  password: string;
  confirmPassword: string;
}): Checked<ResetPasswordInput> {
  const parsed = resetPasswordInputSchema.safeParse({
    token: values.token,
    password: values.password,
  });
  if (!parsed.success) return { error: firstIssue(parsed.error) };
  if (values.password !== values.confirmPassword) return { error: PASSWORDS_DIFFER_MESSAGE };
  return { input: parsed.data };
}

/**
 * Whether a refused reset was about the password (the server prefixes those "password: "), so
 * the link still works and another password can be tried; any other refusal is the link's
 * (used, expired, unknown), and a new one is needed.
 */
export function isPasswordRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.serverMessage ?? '').toLowerCase().startsWith('password:')
  );
}
