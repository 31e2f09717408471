import { sql } from 'drizzle-orm';
import type { DirectoryGithub } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { githubAccessOf } from '../github/github-account';
import { contributorNotFound } from './get-directory-profile';
import { rowsOf } from '../../db/database';
import { listedContributor } from './directory-rows';

/** How long a contributor's GitHub details are reused before GitHub is asked again. */
export const GITHUB_DETAILS_CACHE_MS = 10 * 60_000;
const SHOWN_REPOSITORIES = 6;

/**
 * A listed contributor's GitHub profile and latest public repositories, read as their proven
 * login with their own linked token (the directory never calls GitHub while listing) and cached per server for
 * GITHUB_DETAILS_CACHE_MS. When GitHub cannot be read, `available: false` says why; a failure
 * is not cached, so the next opening tries again.
 */
export async function getDirectoryGithub(
  contributorId: string,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log' | 'githubDetails'>,
): Promise<DirectoryGithub> {
  const [row] = rowsOf<{ id: string }>(
    await ctx.db.execute(
      sql`select u.id from users u where u.id = ${contributorId}::uuid and ${listedContributor}`,
    ),
  );
  if (!row) throw contributorNotFound();
  const now = ctx.clock.now().getTime();
  const cached = ctx.githubDetails.get(row.id, now);
  if (cached) return cached;

  // Listed means proven on GitHub: the account is there.
  const access = await githubAccessOf(row.id, ctx);
  if (!access) throw contributorNotFound();
  try {
    const [profile, repositories] = await Promise.all([
      ctx.github.userProfile(access.token, access.login),
      ctx.github.publicRepositories(access.token, access.login, SHOWN_REPOSITORIES),
    ]);
    const details: DirectoryGithub = {
      available: true,
      profile: {
        avatarUrl: profile.avatar_url,
        name: profile.name,
        bio: profile.bio,
        location: profile.location,
        followers: profile.followers,
        publicRepos: profile.public_repos,
      },
      repositories: repositories.map((r) => ({
        fullName: r.fullName,
        description: r.description,
        language: r.language,
        stargazersCount: r.stargazersCount,
        htmlUrl: r.htmlUrl,
      })),
    };
    ctx.githubDetails.set(row.id, details, now);
    return details;
  } catch (error) {
    ctx.log.warn({ err: error, contributorId: row.id }, 'GitHub details unavailable');
    const reason =
      error instanceof AppError && error.code === 'GITHUB_AUTH_REQUIRED'
        ? "GitHub no longer accepts this contributor's connection."
        : 'GitHub is unavailable right now. Try again in a few minutes.';
    return { available: false, reason };
  }
}
