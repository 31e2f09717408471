import { asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { githubAccounts } from '../../db/schema';
import { JOB_GITHUB_CONCURRENCY } from '../../integrations/github/port';
import { decryptSecret } from '../../lib/secret-box';
import { forEachConcurrently } from '../../lib/for-each-concurrently';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'log'>;

/** Accounts asked about in one run; the next run takes the rest. */
const PER_RUN = 200;

/**
 * Reads when GitHub created the linked accounts that were linked before OpenStake kept it (a
 * stake's price counts an account under 90 days old as new, and an unknown age as new), asking
 * GitHub for each account's own user with its own token. An account whose token GitHub no longer
 * takes keeps no age, and is asked again at the next run. Returns how many it read.
 */
export async function readGithubAccountAges(ctx: Ctx): Promise<number> {
  const rows = await ctx.db
    .select({
      userId: githubAccounts.userId,
      accessTokenEncrypted: githubAccounts.accessTokenEncrypted,
    })
    .from(githubAccounts)
    .where(isNull(githubAccounts.githubCreatedAt))
    .orderBy(asc(githubAccounts.linkedAt))
    .limit(PER_RUN);
  let read = 0;
  await forEachConcurrently(rows, JOB_GITHUB_CONCURRENCY, async (row) => {
    let createdAt: Date;
    try {
      const token = decryptSecret(ctx.secrets.encryptionKey, row.accessTokenEncrypted);
      createdAt = (await ctx.github.authenticatedUser(token)).createdAt;
    } catch (error) {
      ctx.log.warn(
        { err: error, userId: row.userId },
        "could not read a GitHub account's age; will retry",
      );
      return;
    }
    await ctx.db
      .update(githubAccounts)
      .set({ githubCreatedAt: createdAt })
      .where(eq(githubAccounts.userId, row.userId));
    read++;
  });
  return read;
}
