import type { Role } from '@openstake/core';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/transaction';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { MINT, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';

export const SIGNUP_GRANT_COINS = 100;

/**
 * Inserts a user inside the caller's transaction. A contributor's 100 starting coins come from
 * the mint under an idempotency key naming the user, so they are granted exactly once.
 */
export async function createUser(
  tx: Tx,
  input: { email: string; passwordHash: string | null; role: Role; githubUsername: string | null },
): Promise<typeof users.$inferSelect> {
  let user: typeof users.$inferSelect | undefined;
  try {
    [user] = await tx.insert(users).values(input).returning();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('EMAIL_TAKEN', {
        message: 'An account with this email already exists',
        field: 'email',
      });
    }
    throw error;
  }
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
  return user;
}
