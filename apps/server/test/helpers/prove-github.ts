import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { inTransaction } from '../../src/db/transaction';
import { saveGithubAccount } from '../../src/modules/github/save-github-account';
import type { Account } from './factories';
import type { TestApp } from './test-app';

/**
 * Records a GitHub account as proven for a test user, with the row OAuth writes
 * (saveGithubAccount) but without the round trip: for the made-up logins of directory tests,
 * which the simulator does not have. Its token reaches no GitHub; a test that reads GitHub for
 * the user links a simulator account with linkGithub instead. `login` defaults to the username
 * the account typed at sign-up.
 */
export async function proveGithub(app: TestApp, account: Account, login?: string): Promise<void> {
  await inTransaction(app.ctx.db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, account.user.id));
    if (!user) throw new Error(`no user ${account.user.id}`);
    const proven = login ?? user.githubUsername;
    if (!proven) throw new Error('a login to prove is needed');
    await saveGithubAccount(
      tx,
      {
        user,
        githubUser: {
          id: randomInt(1_000_000, 2 ** 47),
          login: proven,
          name: null,
          avatarUrl: '',
          // An account with years of history: a stake's price counts one under 90 days as new.
          createdAt: new Date('2019-06-01T00:00:00Z'),
        },
        token: `gho_test_${randomBytes(16).toString('hex')}`,
        scope: 'repo',
        mergedToOthers: 0,
      },
      app.ctx,
    );
  });
}
