import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/database';
import { bountyIssues, trackedIssues } from '../../db/schema';

// The queries of the `tracked_issues` table, grouped by what the issues domain asks of it. Each
// takes the database or the caller's transaction; the rules (difficulty, default amounts, what
// GitHub owns), and where a transaction begins and ends, stay in the services that call them.
// Other modules read tracked issues through these functions, never the table; a store above this
// one (stakes, bounties) may join it when the question is its own domain's.

export type TrackedIssue = typeof trackedIssues.$inferSelect;
export type NewTrackedIssue = typeof trackedIssues.$inferInsert;

// --- Remembering issues -----------------------------------------------------------------------

/**
 * Inserts the issues in one statement; an issue tracked already has only the `refreshed` columns
 * replaced by the new values, the others (its amounts) kept. Returns the rows as written.
 */
export function upsertTrackedIssues(
  db: Queryable,
  rows: NewTrackedIssue[],
  refreshed: readonly (keyof TrackedIssue)[],
): Promise<TrackedIssue[]> {
  const set = Object.fromEntries(
    refreshed.map((key) => [key, sql`excluded.${sql.identifier(trackedIssues[key].name)}`]),
  );
  return db
    .insert(trackedIssues)
    .values(rows)
    .onConflictDoUpdate({ target: trackedIssues.githubId, set })
    .returning();
}

// --- Reading one issue ------------------------------------------------------------------------

/** The tracked issue with this GitHub id; null when OpenStake does not track it. */
export async function trackedIssue(db: Queryable, githubId: number): Promise<TrackedIssue | null> {
  const [row] = await db.select().from(trackedIssues).where(eq(trackedIssues.githubId, githubId));
  return row ?? null;
}

/** The tracked issue with this number in the repository, with the stake it asks for. */
export async function trackedIssueNumbered(
  db: Queryable,
  repositoryFullName: string,
  number: number,
): Promise<{ id: number; stakingRequired: number } | null> {
  const [row] = await db
    .select({ id: trackedIssues.githubId, stakingRequired: trackedIssues.stakingRequired })
    .from(trackedIssues)
    .where(
      and(
        eq(trackedIssues.repositoryFullName, repositoryFullName.toLowerCase()),
        eq(trackedIssues.number, number),
      ),
    );
  return row ?? null;
}

/** The repository's tracked issues with one of these numbers (in no particular order). */
export function trackedIssuesNumbered(
  db: Queryable,
  repositoryFullName: string,
  numbers: number[],
): Promise<TrackedIssue[]> {
  return db
    .select()
    .from(trackedIssues)
    .where(
      and(
        eq(trackedIssues.repositoryFullName, repositoryFullName.toLowerCase()),
        inArray(trackedIssues.number, numbers),
      ),
    );
}

/**
 * The stake a tracked issue asks for and its bounty issue's bounty (null when it has none), for a
 * pull request's related issue; null when the issue is not tracked.
 */
export async function stakeAndBountyOfIssue(
  db: Queryable,
  githubId: number,
): Promise<{ stakingRequired: number; bounty: number | null } | null> {
  const [row] = await db
    .select({ stakingRequired: trackedIssues.stakingRequired, bounty: bountyIssues.bountyAmount })
    .from(trackedIssues)
    .leftJoin(bountyIssues, eq(bountyIssues.issueGithubId, trackedIssues.githubId))
    .where(eq(trackedIssues.githubId, githubId));
  return row ?? null;
}

// --- Lists --------------------------------------------------------------------------------------

/**
 * Open issues of public repositories whose bounty is still to be won, newest bounty first, at most
 * `limit`.
 */
export async function openPublicBountyIssues(
  db: Queryable,
  limit: number,
): Promise<TrackedIssue[]> {
  const rows = await db
    .select({ issue: trackedIssues })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .where(
      and(
        isNull(bountyIssues.paidAt),
        isNull(bountyIssues.refundedAt),
        eq(trackedIssues.state, 'open'),
        eq(trackedIssues.repositoryPrivate, false),
      ),
    )
    .orderBy(desc(bountyIssues.createdAt))
    .limit(limit);
  return rows.map((r) => r.issue);
}

// --- Changing what OpenStake records of an issue -----------------------------------------------

/** Records the issue as closed on GitHub. */
export async function markIssueClosed(db: Queryable, githubId: number): Promise<void> {
  await db
    .update(trackedIssues)
    .set({ state: 'closed' })
    .where(eq(trackedIssues.githubId, githubId));
}

/** Records the issue as open again on GitHub. */
export async function markIssueReopened(db: Queryable, githubId: number): Promise<void> {
  await db.update(trackedIssues).set({ state: 'open' }).where(eq(trackedIssues.githubId, githubId));
}

/**
 * tracked_issues.bounty is the bounty an issue's pages advertise (the issue page, the suggested
 * issues, a pull request's related issue): the coins still to be won. It follows the bounty
 * issue's own row in the transaction that changes that row: raised by an addition, 0 once the
 * bounty is paid or refunded, so an issue reopened after either never shows a bounty nobody can
 * win.
 */
export async function setAdvertisedBounty(
  tx: Tx,
  githubId: number,
  stillToWin: number,
): Promise<void> {
  await tx
    .update(trackedIssues)
    .set({ bounty: stillToWin })
    .where(eq(trackedIssues.githubId, githubId));
}

/** A bounty issue's own amounts: the stake it asks for and the bounty it advertises. */
export async function setIssueAmounts(
  tx: Tx,
  githubId: number,
  amounts: { stakingRequired: number; bounty: number },
): Promise<void> {
  await tx.update(trackedIssues).set(amounts).where(eq(trackedIssues.githubId, githubId));
}
