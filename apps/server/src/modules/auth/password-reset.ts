import type { ForgotPasswordInput, ResetPasswordInput } from '@openstake/core';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { queueMail } from '../mail/queue-mail';
import { RESET_PASSWORD_LINK_MINUTES, resetPasswordMail } from '../mail/templates/reset-password';
import {
  accountTokensSentSince,
  issueAccountToken,
  retireAccountTokens,
  useAccountToken,
} from './account-tokens';
import { hashPassword } from './password';
import { assertAcceptablePassword } from './password-policy';

/** At most this many reset links an address is sent per hour; beyond, nothing more is sent. */
export const RESET_MAILS_PER_HOUR = 3;

type Ctx = Pick<AppContext, 'db' | 'clock' | 'publicUrl' | 'mail' | 'background' | 'log'>;

/** Mails the account at the address a reset link, unless RESET_MAILS_PER_HOUR went out already. */
async function mailResetLink(email: string, ctx: Ctx): Promise<void> {
  const now = ctx.clock.now();
  const queued = await inTransaction(ctx.db, async (tx) => {
    // The account's row is locked, so requests at once count the links one after the other.
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    if (!user) {
      ctx.log.info('password reset asked for an address with no account: nothing sent');
      return false;
    }
    const since = new Date(now.getTime() - 60 * 60_000);
    const sent = await accountTokensSentSince(tx, {
      userId: user.id,
      purpose: 'reset_password',
      since,
    });
    if (sent >= RESET_MAILS_PER_HOUR) {
      ctx.log.info('password reset: the hourly number of links for this account was sent');
      return false;
    }
    const token = await issueAccountToken(tx, {
      userId: user.id,
      email: user.email,
      purpose: 'reset_password',
      now,
    });
    await queueMail(tx, resetPasswordMail({ to: user.email, userId: user.id, token }, ctx));
    return true;
  });
  if (queued) ctx.mail.nudge();
}

/**
 * "Forgot password?": the answer is the same, and as quick, whether or not an account has the
 * address: the account is looked up and the link mailed after the answer (a known address would
 * otherwise answer later by a database write).
 */
export function requestPasswordReset(input: ForgotPasswordInput, ctx: Ctx): string {
  ctx.background.run('password-reset-mail', () => mailResetLink(input.email, ctx));
  return `If an account uses ${input.email}, we sent it a link to set a new password. The link works for ${String(RESET_PASSWORD_LINK_MINUTES)} minutes.`;
}

/**
 * Sets a new password with a reset link, once: under the sign-up rules, the link unused, within
 * its 30 minutes, and sent to the account's current address. Every session of the account ends
 * but `keepSessionId` (the browser resetting, when it was signed in), every other reset link
 * stops working, and the address counts as confirmed (the link reached it).
 */
export async function resetPassword(
  input: ResetPasswordInput & { keepSessionId?: string | null },
  ctx: Pick<AppContext, 'db' | 'clock' | 'sessions'>,
): Promise<void> {
  const now = ctx.clock.now();
  // The rules need the account (not its email or GitHub login); a refused password rolls the
  // transaction back, so the link still works for a better one.
  const passwordHashFor = async (user: { email: string; githubUsername: string | null }) => {
    assertAcceptablePassword({
      password: input.password,
      email: user.email,
      githubUsername: user.githubUsername ?? undefined,
    });
    return hashPassword(input.password);
  };
  const reset = await inTransaction(ctx.db, async (tx) => {
    const used = await useAccountToken(tx, { token: input.token, purpose: 'reset_password', now });
    if (!used) return null;
    const [user] = await tx
      .select({ email: users.email, githubUsername: users.githubUsername })
      .from(users)
      .where(eq(users.id, used.userId));
    if (!user) return null;
    const passwordHash = await passwordHashFor(user);
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, used.userId));
    await retireAccountTokens(tx, { userId: used.userId, purpose: 'reset_password', now });
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, used.userId),
          isNull(sessions.revokedAt),
          input.keepSessionId ? ne(sessions.id, input.keepSessionId) : undefined,
        ),
      );
    return used;
  });
  if (!reset) {
    throw new AppError('BAD_REQUEST', {
      message:
        'This link has expired or was already used. Ask for a new one with "Forgot password?" on the sign-in page.',
    });
  }
  ctx.sessions.forgetUser(reset.userId);
}
