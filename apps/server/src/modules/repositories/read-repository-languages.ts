import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { repositories } from '../../db/schema';
import { JOB_GITHUB_CONCURRENCY } from '../../integrations/github/port';
import { forEachConcurrently } from '../../lib/for-each-concurrently';
import { githubAccessesOf } from '../github/github-account';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'githubApp' | 'clock' | 'log'>;

/** A repository GitHub reported no language for is asked again after this long. */
export const LANGUAGE_READ_AGAIN_MS = 24 * 60 * 60_000;
/** Repositories asked about in one run; the next run takes the rest. */
const PER_RUN = 200;

/**
 * Reads the main language from GitHub for connected repositories that have none: those connected
 * before the language was stored on every connection (through the GitHub App), and those GitHub
 * had no language for yet (an empty repository), again a day later. Suggested issues match
 * repositories by it. A repository connected through the app is asked about with the
 * installation's token, one connected by its own webhook with its maintainer's. Returns how many
 * repositories GitHub answered for.
 */
export async function readRepositoryLanguages(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(repositories)
    .where(
      and(
        isNotNull(repositories.connectedAt),
        isNull(repositories.language),
        or(
          isNull(repositories.languageReadAt),
          lt(repositories.languageReadAt, new Date(now.getTime() - LANGUAGE_READ_AGAIN_MS)),
        ),
      ),
    )
    .orderBy(sql`${repositories.languageReadAt} asc nulls first`, asc(repositories.connectedAt))
    .limit(PER_RUN);
  const app = ctx.githubApp;
  const maintainers = await githubAccessesOf(
    rows.filter((r) => !(app && r.installationId)).map((r) => r.connectedBy),
    ctx,
  );
  let read = 0;
  await forEachConcurrently(rows, JOB_GITHUB_CONCURRENCY, async (row) => {
    const [owner = '', repo = ''] = row.fullName.split('/');
    let language: string | null;
    try {
      if (app && row.installationId) {
        const found = await app.repository(row.installationId, { owner, repo });
        language = found?.language ?? null;
      } else {
        const token = maintainers.get(row.connectedBy)?.token;
        // Nobody to ask with (the maintainer unlinked GitHub): asked again at the next run.
        if (token === undefined) return;
        const found = await ctx.github.repository(token, owner, repo);
        language = found?.details.language ?? null;
      }
    } catch (error) {
      ctx.log.warn(
        { err: error, repository: row.fullName },
        "could not read a repository's language; will retry",
      );
      return;
    }
    await ctx.db
      .update(repositories)
      .set({ language, languageReadAt: ctx.clock.now() })
      .where(eq(repositories.id, row.id));
    read++;
  });
  return read;
}
