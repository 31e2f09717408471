import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { githubAccounts, users } from '../../db/schema';

/**
 * The OpenStake contributor whose verified GitHub login (not a typed claim) is `login`: the one a
 * merge of a pull request by `login` rewards.
 */
export async function contributorWithLogin(db: Queryable, login: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(githubAccounts)
    .innerJoin(users, eq(users.id, githubAccounts.userId))
    .where(and(eq(githubAccounts.login, login), eq(users.role, 'contributor')));
  return row?.id ?? null;
}
