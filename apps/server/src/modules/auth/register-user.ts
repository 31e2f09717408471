import type { RegisterInput, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/transaction';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { MINT, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { hashPassword } from './password';
import { toSessionUser } from './user-view';

export const SIGNUP_GRANT_COINS = 100;

/**
 * Creates an account. A contributor's 100 starting coins come from the mint in the same
 * transaction, under an idempotency key naming the user, so they are granted exactly once.
 */
export async function registerUser(
  input: RegisterInput,
  ctx: Pick<AppContext, 'db'>,
): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          role: input.role,
          githubUsername: input.githubUsername ?? null,
        })
        .returning();
      if (!user) throw new Error('insert into users returned no row');
      if (user.role === 'contributor') {
        await transfer(tx, {
          from: MINT,
          to: walletOf(user.id),
          amount: SIGNUP_GRANT_COINS,
          kind: 'signup_grant',
          reference: user.id,
          idempotencyKey: `signup-grant:${user.id}`,
        });
      }
      return toSessionUser(user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('EMAIL_TAKEN', {
        message: 'An account with this email already exists',
        field: 'email',
      });
    }
    throw error;
  }
}
