import type { RegisterInput } from '@openstake/core';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { createUser } from './create-user';
import { queueEmailVerification, queueSignUpAttempt } from './email-verification';
import { hashPassword } from './password';
import { assertAcceptablePassword } from './password-policy';

/**
 * Creates an account with a password (and its starting coins). Whether the email already had an
 * account must not show: then nothing is created and nothing is said, and the password is hashed
 * all the same, so both answers take about as long (docs/decisions/002-password-rules.md). The
 * unique email decides between concurrent sign-ups: one account, one grant. The new account is
 * mailed a link to confirm its address; the owner of a taken address is told someone tried.
 */
export async function registerUser(
  input: RegisterInput,
  ctx: Pick<AppContext, 'db' | 'log' | 'clock' | 'publicUrl' | 'mail'>,
): Promise<void> {
  assertAcceptablePassword(input);
  const passwordHash = await hashPassword(input.password);
  try {
    await inTransaction(ctx.db, async (tx) => {
      const user = await createUser(tx, {
        email: input.email,
        passwordHash,
        role: input.role,
        githubUsername: input.githubUsername ?? null,
      });
      await queueEmailVerification(tx, user, ctx);
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'EMAIL_TAKEN') throw error;
    ctx.log.info('sign-up with an email that already has an account: nothing created');
    // The owner learns of it (at most once an hour), so the answer tells the caller nothing.
    await queueSignUpAttempt(input.email, ctx);
  }
  ctx.mail.nudge();
}
