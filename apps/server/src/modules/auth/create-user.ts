import { MAINTAINER_STARTING_COINS, type Role } from '@openstake/core';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/transaction';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { MINT, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';

export const SIGNUP_GRANT_COINS = 100;

/** Coins a new account starts with: contributors stake with them, maintainers fund bounties. */
const STARTING_COINS: Partial<Record<Role, number>> = {
  contributor: SIGNUP_GRANT_COINS,
  maintainer: MAINTAINER_STARTING_COINS,
};

/**
 * Inserts a user inside the caller's transaction. Starting coins come from the mint under an
 * idempotency key naming the user, so they are granted exactly once.
 */
export async function createUser(
  tx: Tx,
  input: {
    email: string;
    passwordHash: string | null;
    role: Role;
    githubUsername: string | null;
    /** Set when the address is already proven (GitHub's verified primary email). */
    emailVerifiedAt?: Date;
  },
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
  const startingCoins = STARTING_COINS[user.role];
  if (startingCoins) {
    await transfer(tx, {
      from: MINT,
      to: walletOf(user.id),
      amount: startingCoins,
      kind: 'signup_grant',
      reference: user.id,
      idempotencyKey: `signup-grant:${user.id}`,
    });
  }
  return user;
}
