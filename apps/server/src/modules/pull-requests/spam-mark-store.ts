import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { spamMarks } from '../../db/schema';

/** The `spam_marks` table: one mark per pull request (decision 015, part 4). */

const markOf = (repositoryFullName: string, prNumber: number) =>
  and(
    eq(spamMarks.repositoryFullName, repositoryFullName.toLowerCase()),
    eq(spamMarks.prNumber, prNumber),
  );

/** Marks the pull request as spam; a second mark keeps the first (who marked it, and when). */
export async function insertSpamMark(
  db: Queryable,
  mark: {
    repositoryFullName: string;
    prNumber: number;
    authorGithubLogin: string;
    authorGithubId: number | null;
    authorUserId: string | null;
    markedBy: string;
  },
): Promise<void> {
  await db
    .insert(spamMarks)
    .values({ ...mark, repositoryFullName: mark.repositoryFullName.toLowerCase() })
    .onConflictDoNothing();
}

export async function deleteSpamMark(
  db: Queryable,
  repositoryFullName: string,
  prNumber: number,
): Promise<void> {
  await db.delete(spamMarks).where(markOf(repositoryFullName, prNumber));
}

export async function isSpamMarked(
  db: Queryable,
  repositoryFullName: string,
  prNumber: number,
): Promise<boolean> {
  const [row] = await db
    .select({ prNumber: spamMarks.prNumber })
    .from(spamMarks)
    .where(markOf(repositoryFullName, prNumber));
  return row !== undefined;
}
