import type { VerifyEmailInput } from '@openstake/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { queueMail } from '../mail/queue-mail';
import { signUpAttemptMail } from '../mail/templates/sign-up-attempt';
import { verifyEmailMail } from '../mail/templates/verify-email';
import { accountTokensSentSince, issueAccountToken, useAccountToken } from './account-tokens';

/** At most this many confirmation links an account is sent per hour (resends included). */
export const VERIFY_MAILS_PER_HOUR = 3;

/** Locks the account's row: requests at once count its links one after the other. */
async function lockAccount(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Queues a link to confirm the account's address, in the caller's transaction, unless
 * VERIFY_MAILS_PER_HOUR were sent in the last hour. True when one was queued. The caller holds the
 * account's row (lockAccount), or created it in this transaction.
 */
export async function queueEmailVerification(
  db: Tx,
  user: { id: string; email: string },
  ctx: Pick<AppContext, 'clock' | 'publicUrl'>,
): Promise<boolean> {
  const now = ctx.clock.now();
  const sent = await accountTokensSentSince(db, {
    userId: user.id,
    purpose: 'verify_email',
    since: new Date(now.getTime() - 60 * 60_000),
  });
  if (sent >= VERIFY_MAILS_PER_HOUR) return false;
  const token = await issueAccountToken(db, {
    userId: user.id,
    email: user.email,
    purpose: 'verify_email',
    now,
  });
  await queueMail(db, verifyEmailMail({ to: user.email, userId: user.id, token }, ctx));
  return true;
}

/**
 * Sign-up with an address that already has an account: its owner is told, at most once an hour
 * (the outbox drops a second mail with the same hour's key).
 */
export async function queueSignUpAttempt(
  email: string,
  ctx: Pick<AppContext, 'db' | 'clock' | 'publicUrl'>,
): Promise<void> {
  const [owner] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  if (!owner) return;
  const hour = Math.floor(ctx.clock.now().getTime() / (60 * 60_000));
  await queueMail(
    ctx.db,
    signUpAttemptMail(
      {
        to: owner.email,
        userId: owner.id,
        dedupeKey: `sign-up-attempt:${owner.id}:${String(hour)}`,
      },
      ctx,
    ),
  );
}

/**
 * An account whose address is not confirmed (one made before confirmation existed, or that never
 * clicked) is asked again when it signs in: a new link, at most one a day this way.
 */
export async function askToConfirmOnSignIn(
  user: { id: string; email: string; emailVerifiedAt: Date | null },
  ctx: Pick<AppContext, 'db' | 'clock' | 'publicUrl' | 'mail'>,
): Promise<void> {
  if (user.emailVerifiedAt) return;
  const since = new Date(ctx.clock.now().getTime() - 24 * 60 * 60_000);
  const queued = await inTransaction(ctx.db, async (tx) => {
    await lockAccount(tx, user.id);
    const sent = await accountTokensSentSince(tx, {
      userId: user.id,
      purpose: 'verify_email',
      since,
    });
    return sent === 0 && (await queueEmailVerification(tx, user, ctx));
  });
  if (queued) ctx.mail.nudge();
}

/**
 * "Resend the link" for the signed-in account: refused when the address is already confirmed or
 * too many links went out in the last hour.
 */
export async function resendEmailVerification(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'clock' | 'publicUrl' | 'mail'>,
): Promise<{ email: string }> {
  const queued = await inTransaction(ctx.db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('UNAUTHENTICATED', { message: 'Sign in again' });
    if (user.verifiedAt) {
      throw new AppError('CONFLICT', { message: `${user.email} is already confirmed` });
    }
    if (!(await queueEmailVerification(tx, user, ctx))) {
      throw new AppError('RATE_LIMITED', {
        message: `${String(VERIFY_MAILS_PER_HOUR)} links were sent to ${user.email} in the last hour. Use the newest one, or try again later.`,
      });
    }
    return user;
  });
  ctx.mail.nudge();
  return { email: queued.email };
}

/**
 * Confirms the address a link was mailed to, once: the link must be unused, unexpired and sent
 * to the account's current address. The account's cached sessions are forgotten so every screen
 * shows it confirmed.
 */
export async function verifyEmail(
  input: VerifyEmailInput,
  ctx: Pick<AppContext, 'db' | 'clock' | 'sessions'>,
): Promise<{ email: string }> {
  const now = ctx.clock.now();
  const verified = await inTransaction(ctx.db, async (tx) => {
    const used = await useAccountToken(tx, { token: input.token, purpose: 'verify_email', now });
    if (!used) return null;
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)));
    return used;
  });
  if (!verified) {
    throw new AppError('BAD_REQUEST', {
      message:
        'This link has expired or was already used. Sign in and ask for a new one from the banner at the top of the page.',
    });
  }
  ctx.sessions.forgetUser(verified.userId);
  return { email: verified.email };
}
