import { and, eq, exists, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/database';
import { bountyIssues, trackedIssues } from '../../db/schema';
import type { TrackedIssue } from '../issues/issue-store';

// The queries of the `bounty_issues` table, grouped by what the bounties domain asks of it. Each
// takes the database or the caller's transaction; the rules (fees, limits, when a bounty goes
// back) and where a transaction begins and ends stay in the services. A bounty issue is a tracked
// issue: these queries join `tracked_issues` when the question needs the issue (its state, its
// repository and number). Other modules read bounty issues through these functions.

export type BountyIssueRow = typeof bountyIssues.$inferSelect;

/** The tracked issue is open (or closed), as a condition of a bounty statement. */
const issueIs = (db: Queryable, issueGithubId: number, state: 'open' | 'closed') =>
  exists(
    db
      .select({ id: trackedIssues.githubId })
      .from(trackedIssues)
      .where(and(eq(trackedIssues.githubId, issueGithubId), eq(trackedIssues.state, state))),
  );

const unwon = and(isNull(bountyIssues.paidAt), isNull(bountyIssues.refundedAt));

// --- Posting and adding to a bounty -----------------------------------------------------------

/** Records the issue's bounty; false when the issue has one already. */
export async function insertBountyIssue(
  tx: Tx,
  input: {
    issueGithubId: number;
    createdBy: string;
    bountyAmount: number;
    stakeAmount: number;
    fee: number;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(bountyIssues)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: bountyIssues.issueGithubId });
  return inserted.length > 0;
}

/**
 * Raises the bounty of the maintainer's own bounty issue by `amount`, only while nobody won it,
 * it was not refunded, the issue is open and the bounty stays within `max`. Null when refused.
 */
export async function raiseOwnOpenBounty(
  tx: Tx,
  input: { issueGithubId: number; createdBy: string; amount: number; max: number },
): Promise<BountyIssueRow | null> {
  const [bounty] = await tx
    .update(bountyIssues)
    .set({ bountyAmount: sql`${bountyIssues.bountyAmount} + ${input.amount}` })
    .where(
      and(
        eq(bountyIssues.issueGithubId, input.issueGithubId),
        eq(bountyIssues.createdBy, input.createdBy),
        unwon,
        sql`${bountyIssues.bountyAmount} + ${input.amount} <= ${input.max}`,
        issueIs(tx, input.issueGithubId, 'open'),
      ),
    )
    .returning();
  return bounty ?? null;
}

// --- Where a bounty is at stake ---------------------------------------------------------------

/** Whether the issue carries a bounty still to be won (neither paid nor refunded). */
export async function hasUnwonBounty(db: Queryable, issueGithubId: number): Promise<boolean> {
  const [bounty] = await db
    .select({ id: bountyIssues.issueGithubId })
    .from(bountyIssues)
    .where(and(eq(bountyIssues.issueGithubId, issueGithubId), unwon));
  return Boolean(bounty);
}

/** The maintainer who posted the issue's bounty; null for an issue that is no bounty issue. */
export async function bountyPostedBy(db: Queryable, issueGithubId: number): Promise<string | null> {
  const [row] = await db
    .select({ userId: bountyIssues.createdBy })
    .from(bountyIssues)
    .where(eq(bountyIssues.issueGithubId, issueGithubId));
  return row?.userId ?? null;
}

/** When the issue's bounty went back to its maintainer; null while it did not. */
export async function bountyRefundedAt(db: Queryable, issueGithubId: number): Promise<Date | null> {
  const [row] = await db
    .select({ refundedAt: bountyIssues.refundedAt })
    .from(bountyIssues)
    .where(eq(bountyIssues.issueGithubId, issueGithubId));
  return row?.refundedAt ?? null;
}

/** The repository's bounty issues whose bounty was not paid, with their issue's number. */
export function unpaidBountyIssuesIn(
  db: Queryable,
  repositoryFullName: string,
): Promise<{ githubId: number; number: number; bountyAmount: number }[]> {
  return db
    .select({
      githubId: trackedIssues.githubId,
      number: trackedIssues.number,
      bountyAmount: bountyIssues.bountyAmount,
    })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .where(
      and(eq(trackedIssues.repositoryFullName, repositoryFullName), isNull(bountyIssues.paidAt)),
    );
}

/** Every bounty issue neither won nor refunded, with its tracked issue, for the poll. */
export function unwonBountyIssues(
  db: Queryable,
): Promise<{ bounty: BountyIssueRow; issue: TrackedIssue }[]> {
  return db
    .select({ bounty: bountyIssues, issue: trackedIssues })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .where(unwon);
}

// --- Ending a bounty --------------------------------------------------------------------------

/**
 * Marks the issue's bounty paid to the stake, once: only while it was neither paid nor refunded.
 * Null when it was.
 */
export async function markBountyPaid(
  tx: Tx,
  input: { issueGithubId: number; stakeId: string; at: Date },
): Promise<BountyIssueRow | null> {
  const [bounty] = await tx
    .update(bountyIssues)
    .set({ paidStakeId: input.stakeId, paidAt: input.at })
    .where(and(eq(bountyIssues.issueGithubId, input.issueGithubId), unwon))
    .returning();
  return bounty ?? null;
}

/**
 * Marks the issue's bounty refunded, once: only while it was neither paid nor refunded, its issue
 * is recorded as closed, and `unless` (a condition the caller adds to the same statement) does not
 * hold. Null when nothing was due.
 */
export async function markBountyRefunded(
  tx: Tx,
  input: { issueGithubId: number; at: Date; unless: SQL },
): Promise<BountyIssueRow | null> {
  const [bounty] = await tx
    .update(bountyIssues)
    .set({ refundedAt: input.at })
    .where(
      and(
        eq(bountyIssues.issueGithubId, input.issueGithubId),
        unwon,
        issueIs(tx, input.issueGithubId, 'closed'),
        not(input.unless),
      ),
    )
    .returning();
  return bounty ?? null;
}

// --- Announcing a bounty ---------------------------------------------------------------------

/**
 * Claims the oldest bounties not announced yet, with their issue, up to
 * `limit`: locked (`skip locked`) until the caller's transaction ends, so two runs at once take
 * different bounties.
 */
export async function claimUnannouncedBounties(tx: Tx, limit: number) {
  return tx
    .select({
      issueGithubId: bountyIssues.issueGithubId,
      createdBy: bountyIssues.createdBy,
      bountyAmount: bountyIssues.bountyAmount,
      stakeAmount: bountyIssues.stakeAmount,
      createdAt: bountyIssues.createdAt,
      repositoryFullName: trackedIssues.repositoryFullName,
      number: trackedIssues.number,
      title: trackedIssues.title,
      /** Still to be won on an open issue: only then is it worth a mail. */
      open: sql<boolean>`${unwon} and ${trackedIssues.state} = 'open'`,
    })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .where(isNull(bountyIssues.announcedAt))
    .orderBy(bountyIssues.createdAt)
    .limit(limit)
    .for('update', { of: bountyIssues, skipLocked: true });
}

/** Records that a bounty was announced (or that it ended before it could be). */
export async function markBountyAnnounced(tx: Tx, issueGithubId: number, at: Date): Promise<void> {
  await tx
    .update(bountyIssues)
    .set({ announcedAt: at })
    .where(eq(bountyIssues.issueGithubId, issueGithubId));
}
