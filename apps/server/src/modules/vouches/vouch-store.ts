import type { ContributorVouch, RepositoryVouch } from '@openstake/core';
import { and, desc, eq, notInArray, or, sql } from 'drizzle-orm';
import { isoTimestamp, type Queryable } from '../../db/database';
import { githubAccounts, repositories, repositoryVouches } from '../../db/schema';

export type VouchKind = (typeof repositoryVouches.$inferSelect)['kind'];
export type VouchSourceColumn = (typeof repositoryVouches.$inferSelect)['source'];

/**
 * A maintainer's word on a GitHub user in a repository (decision 015), by GitHub id so a rename
 * keeps it: 'vouched', 'denounced', or null when nobody said anything.
 */
export async function vouchOf(
  db: Queryable,
  where: { repositoryId: string; githubUserId: number },
): Promise<VouchKind | null> {
  const [row] = await db
    .select({ kind: repositoryVouches.kind })
    .from(repositoryVouches)
    .where(
      and(
        eq(repositoryVouches.repositoryId, where.repositoryId),
        eq(repositoryVouches.githubUserId, where.githubUserId),
      ),
    );
  return row?.kind ?? null;
}

/** The deciding maintainer's GitHub login, as the lists show it (null: from the file). */
const decidedByLogin = githubAccounts.login;

/** Says (or says again) what a repository's maintainers think of a user: one row per user. */
export async function upsertVouch(
  db: Queryable,
  row: {
    repositoryId: string;
    githubUserId: number;
    login: string;
    kind: VouchKind;
    reason: string | null;
    decidedBy: string | null;
    source: VouchSourceColumn;
    now: Date;
  },
): Promise<void> {
  const { now, ...values } = row;
  await db
    .insert(repositoryVouches)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [repositoryVouches.repositoryId, repositoryVouches.githubUserId],
      set: {
        login: values.login,
        kind: values.kind,
        reason: values.reason,
        decidedBy: values.decidedBy,
        source: values.source,
        updatedAt: now,
      },
    });
}

/** Takes a user's vouch or denouncement back; the row it removed, if there was one. */
export async function deleteVouch(
  db: Queryable,
  where: { repositoryId: string; githubUserId: number },
): Promise<{ login: string } | undefined> {
  const [row] = await db
    .delete(repositoryVouches)
    .where(
      and(
        eq(repositoryVouches.repositoryId, where.repositoryId),
        eq(repositoryVouches.githubUserId, where.githubUserId),
      ),
    )
    .returning({ login: repositoryVouches.login });
  return row;
}

/** A repository's vouches and denouncements, newest first. */
export async function vouchesOfRepository(
  db: Queryable,
  repositoryId: string,
): Promise<RepositoryVouch[]> {
  return db
    .select({
      githubUserId: repositoryVouches.githubUserId,
      login: repositoryVouches.login,
      kind: repositoryVouches.kind,
      reason: repositoryVouches.reason,
      source: repositoryVouches.source,
      decidedByLogin,
      updatedAt: isoTimestamp(repositoryVouches.updatedAt),
    })
    .from(repositoryVouches)
    .leftJoin(githubAccounts, eq(githubAccounts.userId, repositoryVouches.decidedBy))
    .where(eq(repositoryVouches.repositoryId, repositoryId))
    .orderBy(desc(repositoryVouches.updatedAt), repositoryVouches.login);
}

/** A GitHub user's vouches across connected repositories, newest first (their profile). */
export async function vouchesOfGithubUser(
  db: Queryable,
  githubUserId: number,
): Promise<ContributorVouch[]> {
  return db
    .select({
      repository: repositories.fullName,
      kind: repositoryVouches.kind,
      reason: repositoryVouches.reason,
      decidedByLogin,
      updatedAt: isoTimestamp(repositoryVouches.updatedAt),
    })
    .from(repositoryVouches)
    .innerJoin(repositories, eq(repositories.id, repositoryVouches.repositoryId))
    .leftJoin(githubAccounts, eq(githubAccounts.userId, repositoryVouches.decidedBy))
    .where(
      and(
        eq(repositoryVouches.githubUserId, githubUserId),
        sql`${repositories.connectedAt} is not null`,
      ),
    )
    .orderBy(desc(repositoryVouches.updatedAt), repositories.fullName);
}

/** The GitHub ids a repository's rows know, by lower-case login. */
export async function vouchedIdsByLogin(
  db: Queryable,
  repositoryId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: repositoryVouches.githubUserId, login: repositoryVouches.login })
    .from(repositoryVouches)
    .where(eq(repositoryVouches.repositoryId, repositoryId));
  return new Map(rows.map((row) => [row.login.toLowerCase(), row.id]));
}

/**
 * Writes the file's entries as rows of source 'file', except over a word a maintainer said in
 * OpenStake (settings, a pull request, a command), which stays; and removes the file's rows
 * whose user is no longer in it.
 */
export async function replaceFileVouches(
  db: Queryable,
  input: {
    repositoryId: string;
    entries: { githubUserId: number; login: string; kind: VouchKind; reason: string | null }[];
    now: Date;
  },
): Promise<void> {
  const ids = input.entries.map((e) => e.githubUserId);
  await db
    .delete(repositoryVouches)
    .where(
      and(
        eq(repositoryVouches.repositoryId, input.repositoryId),
        eq(repositoryVouches.source, 'file'),
        ...(ids.length > 0 ? [notInArray(repositoryVouches.githubUserId, ids)] : []),
      ),
    );
  if (input.entries.length === 0) return;
  await db
    .insert(repositoryVouches)
    .values(
      input.entries.map((e) => ({
        ...e,
        repositoryId: input.repositoryId,
        decidedBy: null,
        source: 'file' as const,
        createdAt: input.now,
        updatedAt: input.now,
      })),
    )
    .onConflictDoUpdate({
      target: [repositoryVouches.repositoryId, repositoryVouches.githubUserId],
      set: {
        login: sql`excluded.login`,
        kind: sql`excluded.kind`,
        reason: sql`excluded.reason`,
        updatedAt: sql`excluded.updated_at`,
      },
      // Only the file's own rows follow the file (a maintainer's word in OpenStake stays), and
      // only when the line changed, so a row keeps its place in the newest-first list.
      setWhere: and(
        eq(repositoryVouches.source, 'file'),
        or(
          sql`${repositoryVouches.kind} is distinct from excluded.kind`,
          sql`${repositoryVouches.reason} is distinct from excluded.reason`,
          sql`${repositoryVouches.login} is distinct from excluded.login`,
        ),
      ),
    });
}
