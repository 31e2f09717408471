import { eq } from 'drizzle-orm';
import type { LoginInput, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { verifyPassword } from './password';
import { createSession } from './sessions';
import { toSessionUser } from './user-view';

/**
 * Checks the email and password and opens a session. The role the visitor picked on the form
 * does not grant anything: the account's own role is the one that counts (spec 000 s2 sends the
 * user to the dashboard of the user's role).
 */
export async function loginUser(
  input: LoginInput,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock'>,
): Promise<{ user: SessionUser; token: string; expiresAt: Date }> {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  const ok = await verifyPassword(row?.passwordHash ?? undefined, input.password);
  if (!row || !ok)
    throw new AppError('INVALID_CREDENTIALS', { message: 'Invalid email or password' });
  const session = await createSession(ctx, row);
  return { user: toSessionUser(row), ...session };
}
