import {
  dashboardPath,
  loginInputSchema,
  registerInputSchema,
  roleNeedsGithub,
  ROLES,
  type Role,
} from '@openstake/core';

/** What the login and sign-up forms hold; every field is a string as typed. */
export interface AuthFormValues {
  role: Role;
  email: string;
  password: string;
  githubUsername: string;
}

/** The body of POST /login and POST /register. */
export interface AuthPayload {
  role: Role;
  email: string;
  password: string;
  githubUsername?: string;
}

export const DEFAULT_ROLE: Role = 'contributor';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * The submit button stays disabled until role, email and password are filled in,
 * plus the GitHub username for contributors and maintainers. Only emptiness is checked here;
 * the shared schema reports format problems on submit.
 */
export function canSubmitAuthForm(values: AuthFormValues): boolean {
  if (!isRole(values.role)) return false;
  if (values.email.trim() === '' || values.password === '') return false;
  if (roleNeedsGithub(values.role) && values.githubUsername.trim() === '') return false;
  return true;
}

/**
 * Trims what the user typed (never the password) and leaves githubUsername out when it is
 * empty or the role has no GitHub account (companies).
 */
export function buildAuthPayload(values: AuthFormValues): AuthPayload {
  const payload: AuthPayload = {
    role: values.role,
    email: values.email.trim(),
    password: values.password,
  };
  const githubUsername = values.githubUsername.trim();
  if (roleNeedsGithub(values.role) && githubUsername !== '')
    payload.githubUsername = githubUsername;
  return payload;
}

/**
 * Checks the payload with the same schema the server uses, so the user gets the server's
 * message without a round trip. Returns the first problem, or null when the payload is valid.
 */
export function validateAuthPayload(
  kind: 'login' | 'register',
  payload: AuthPayload,
): string | null {
  const schema = kind === 'login' ? loginInputSchema : registerInputSchema;
  const result = schema.safeParse(payload);
  if (result.success) return null;
  return result.error.issues[0]?.message ?? 'Please check the form';
}

/** The user's own role wins, else the role chosen on the form, else contributor. */
export function loginRedirectPath(
  userRole: string | null | undefined,
  chosenRole: string | null | undefined,
): string {
  if (isRole(userRole)) return dashboardPath(userRole);
  if (isRole(chosenRole)) return dashboardPath(chosenRole);
  return dashboardPath(DEFAULT_ROLE);
}

/** What the login page shows and where it goes after a successful sign-in. */
export interface LoginOutcome {
  /** The account's own role: the one signed in (docs/decisions/005-login-role.md). */
  role: Role;
  path: string;
  /** The server's words when the role picked on the form was not the account's, else null. */
  notice: string | null;
}

export function loginOutcome(
  result: { user: { role: Role }; message: string },
  chosenRole: Role,
): LoginOutcome {
  const { role } = result.user;
  return {
    role,
    path: loginRedirectPath(role, chosenRole),
    notice: role === chosenRole ? null : result.message,
  };
}

/** Network failures and unknown errors show the generic text. */
export const AUTH_FALLBACK_MESSAGES = {
  login: 'Login failed',
  register: 'Registration failed',
  network: 'Something went wrong',
} as const;
