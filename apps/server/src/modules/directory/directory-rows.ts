import { sql, type SQL } from 'drizzle-orm';
import { ACTIVE_WITHIN_DAYS, rankForXp, type DirectoryContributor } from '@openstake/core';

/*
 * The SQL the hire directory is made of, shared by the list and the profile. A contributor is in
 * the directory unless they chose to hide (a contributor_profiles row with listed_in_directory
 * false, found through its partial index); a hidden contributor is absent from every answer.
 */

const DAY_MS = 86_400_000;

/** The contributors a company may see: every one not hidden. `u` is the users row. */
export const listedContributor = sql`u.role = 'contributor' and not exists (
  select 1 from contributor_profiles hidden
  where hidden.user_id = u.id and not hidden.listed_in_directory)`;

/** Since when a contributor counts as active at `now`. */
export const activeSince = (now: Date): Date =>
  new Date(now.getTime() - ACTIVE_WITHIN_DAYS * DAY_MS);

export const daysBefore = (now: Date, days: number): Date =>
  new Date(now.getTime() - days * DAY_MS);

/** The columns of a directory row; `u` is the users row. Languages and repositories per row. */
export const directoryColumns = sql`u.id, u.github_username, u.xp, u.last_active_at,
  (select p.name from contributor_profiles p where p.user_id = u.id) as name,
  array(select l.language from contributor_languages l where l.user_id = u.id
    order by l.position limit 3) as languages,
  (select count(distinct s.repository_full_name)::int from stakes s
    where s.user_id = u.id and s.status = 'accepted') as repositories`;

export interface DirectoryRow {
  id: string;
  github_username: string;
  xp: number;
  last_active_at: Date | string;
  name: string | null;
  languages: string[];
  repositories: number;
}

/** node-postgres parses timestamptz into a Date; PGlite may too: either way, a Date. */
export const asDate = (value: Date | string): Date =>
  value instanceof Date ? value : new Date(value);

export function toDirectoryContributor(row: DirectoryRow, now: Date): DirectoryContributor {
  const lastActive = asDate(row.last_active_at);
  return {
    id: row.id,
    githubUsername: row.github_username,
    name: row.name,
    rank: rankForXp(row.xp),
    xp: row.xp,
    repositories: row.repositories,
    languages: row.languages,
    isActive: lastActive >= activeSince(now),
    lastActiveAt: lastActive.toISOString(),
  };
}

export const joinAnd = (conditions: SQL[]): SQL => sql.join(conditions, sql` and `);
