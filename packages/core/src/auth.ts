import { z } from 'zod';

export const ROLES = ['contributor', 'maintainer', 'company'] as const;
export const roleSchema = z.enum(ROLES, {
  message: 'Role must be one of contributor, maintainer, company',
});
export type Role = z.infer<typeof roleSchema>;

/** Roles whose accounts carry a GitHub username. */
export const rolesWithGithub: readonly Role[] = ['contributor', 'maintainer'];
export const roleNeedsGithub = (role: Role): boolean => rolesWithGithub.includes(role);

// GitHub logins: letters, digits and single hyphens, not starting or ending with a hyphen, at most 39.
const GITHUB_USERNAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$/;

export const githubUsernameSchema = z
  .string()
  .trim()
  .min(1, 'GitHub username is required')
  .regex(GITHUB_USERNAME, 'Invalid GitHub username format');

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Enter a valid email address' }));

const MAX_PASSWORD = 256; // argon2 hashes any length; a bound keeps one request cheap

const credentials = {
  role: roleSchema,
  email: emailSchema,
  githubUsername: z.string().optional(),
};

/** The GitHub username is required for contributors and maintainers and ignored for companies. */
function withGithubRule<T extends { role: Role; githubUsername?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (!roleNeedsGithub(value.role)) return;
  const parsed = githubUsernameSchema.safeParse(value.githubUsername ?? '');
  if (!parsed.success) {
    ctx.addIssue({
      code: 'custom',
      path: ['githubUsername'],
      message: parsed.error.issues[0]?.message ?? 'Invalid GitHub username',
    });
  }
}

const normaliseGithub = <T extends { role: Role; githubUsername?: string | undefined }>(
  value: T,
) => ({
  ...value,
  githubUsername: roleNeedsGithub(value.role) ? value.githubUsername?.trim() : undefined,
});

/** Sign-up and login share the credentials and the GitHub rule; only the password rule differs. */
const credentialsSchema = (password: z.ZodString) =>
  z
    .object({
      ...credentials,
      password: password.max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`),
    })
    .superRefine(withGithubRule)
    .transform(normaliseGithub);

const passwordSchema = z.string({ message: 'Password is required' });

/**
 * A new password: 8 characters or more, not all of them whitespace (eight spaces are eight
 * characters and no secret). The server adds the list of common passwords
 * (docs/decisions/002-password-rules.md); the sign-up form checks this schema before sending.
 */
const newPasswordSchema = passwordSchema
  .min(8, 'Password must be at least 8 characters')
  .refine((password) => password.trim() !== '', 'Password must not be only spaces');

export const registerInputSchema = credentialsSchema(newPasswordSchema);
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const loginInputSchema = credentialsSchema(passwordSchema.min(1, 'Password is required'));
export type LoginInput = z.infer<typeof loginInputSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  githubUsername: z.string().nullable(),
  /** Whether the owner confirmed the address by the link mailed to it. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
/** The user as the server shows it to its owner: never a password hash, token or secret. */
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The random part of a mailed link: 32 bytes in base64url. */
const accountTokenSchema = z
  .string({ message: 'The link is incomplete: open it again from the email' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'The link is incomplete: open it again from the email');

export const verifyEmailInputSchema = z.object({ token: accountTokenSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** A new password under the sign-up rules, with the link's token. */
export const resetPasswordInputSchema = z.object({
  token: accountTokenSchema,
  password: newPasswordSchema.max(
    MAX_PASSWORD,
    `Password must be at most ${String(MAX_PASSWORD)} characters`,
  ),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const dashboardPath = (role: Role): string => `/${role}/dashboard`;
