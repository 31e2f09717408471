import { eq } from 'drizzle-orm';
import type { LoginInput, Role, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { askToConfirmOnSignIn } from './email-verification';
import { verifyPassword } from './password';
import { createSession } from './sessions';
import { toSessionUser } from './user-view';

/**
 * What the sign-in says. The role picked on the form grants nothing: the account's own role is
 * the one that counts, and when the picker said another, the answer says so rather than leaving
 * the user to wonder why they landed elsewhere (docs/decisions/005-login-role.md).
 */
export function loginMessage(account: Role, picked: Role): string {
  return account === picked
    ? 'Login successful'
    : `Login successful. This is a ${account} account, not a ${picked} account: you are signed in as a ${account}.`;
}

/**
 * Checks the email and password and opens a session in the account's own role; an address not
 * yet confirmed is sent a link (at most one a day this way).
 */
export async function loginUser(
  input: LoginInput,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock' | 'publicUrl' | 'mail'>,
): Promise<{ user: SessionUser; token: string; expiresAt: Date; message: string }> {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  const ok = await verifyPassword(row?.passwordHash ?? undefined, input.password);
  if (!row || !ok)
    throw new AppError('INVALID_CREDENTIALS', { message: 'Invalid email or password' });
  const session = await createSession(ctx, row);
  await askToConfirmOnSignIn(row, ctx);
  return { user: toSessionUser(row), ...session, message: loginMessage(row.role, input.role) };
}
