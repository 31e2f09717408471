import type { RegisterInput, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { createUser } from './create-user';
import { hashPassword } from './password';
import { toSessionUser } from './user-view';

/** Creates an account with a password (and a contributor's starting coins). */
export async function registerUser(
  input: RegisterInput,
  ctx: Pick<AppContext, 'db'>,
): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  const user = await inTransaction(ctx.db, (tx) =>
    createUser(tx, {
      email: input.email,
      passwordHash,
      role: input.role,
      githubUsername: input.githubUsername ?? null,
    }),
  );
  return toSessionUser(user);
}
