import { sql, type SQL } from 'drizzle-orm';
import { ACTIVE_WITHIN_DAYS, rankForXp, type DirectoryContributor } from '@openstake/core';

/*
 * The SQL the hire directory is made of, shared by the list, the profile and contact
 * (docs/decisions/008-hire-directory-and-contact.md).
 *
 * Who is in it: a contributor whose GitHub account GitHub proved (the github_accounts row OAuth
 * writes) and who did not choose to hide (a contributor_profiles row with listed_in_directory
 * false, found through its partial index). The username typed at sign-up is only a claim, which
 * anyone can type: the login a company reads, searches and is linked to is the proven one.
 *
 * What of their work: only stakes on issues of public repositories. Work in a private repository
 * counts toward XP and coins, but no company may read its repository, issue or pull request, nor
 * count it as a repository.
 */

const DAY_MS = 86_400_000;

/** The contributors a company may see: proven on GitHub and not hidden. `u` is the users row. */
export const listedContributor = sql`u.role = 'contributor'
  and exists (select 1 from github_accounts proven where proven.user_id = u.id)
  and not exists (select 1 from contributor_profiles hidden
    where hidden.user_id = u.id and not hidden.listed_in_directory)`;

/**
 * A stake a company may read: one on an issue of a public repository. `s` is the stakes row.
 * An issue whose privacy OpenStake never learnt counts as private (the column's default).
 */
export const stakeShownToCompanies = sql`exists (select 1 from tracked_issues shown
  where shown.github_id = s.issue_github_id and not shown.repository_private)`;

/** Since when a contributor counts as active at `now`. */
export const activeSince = (now: Date): Date =>
  new Date(now.getTime() - ACTIVE_WITHIN_DAYS * DAY_MS);

export const daysBefore = (now: Date, days: number): Date =>
  new Date(now.getTime() - days * DAY_MS);

/**
 * The columns of a directory row, the same in the list and the profile, so the two never
 * disagree; `u` is the users row of a listed contributor. Repositories: the distinct repositories
 * of the merged work the profile lists (accepted stakes a company may read).
 */
export const directoryColumns = sql`u.id,
  (select g.login from github_accounts g where g.user_id = u.id) as github_login,
  u.xp, u.xp_maintainers, u.xp_repositories, u.last_active_at,
  (select p.name from contributor_profiles p where p.user_id = u.id) as name,
  array(select l.language from contributor_languages l where l.user_id = u.id
    order by l.position limit 3) as languages,
  (select count(distinct s.repository_full_name)::int from stakes s
    where s.user_id = u.id and s.status = 'accepted' and ${stakeShownToCompanies}) as repositories`;

export interface DirectoryRow {
  id: string;
  github_login: string;
  xp: number;
  xp_maintainers: number;
  xp_repositories: number;
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
    githubUsername: row.github_login,
    name: row.name,
    rank: rankForXp(row.xp),
    xp: row.xp,
    repositories: row.repositories,
    xpMaintainers: row.xp_maintainers,
    xpRepositories: row.xp_repositories,
    languages: row.languages,
    isActive: lastActive >= activeSince(now),
    lastActiveAt: lastActive.toISOString(),
  };
}

export const joinAnd = (conditions: SQL[]): SQL => sql.join(conditions, sql` and `);
