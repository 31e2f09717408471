import type { OrganizationRepository } from '@openstake/core';
import type { AppContext } from '../../context';
import { requireOrganizationAccess } from './organization-access';

/** The repository fetch size (per_page 100). */
export const ORGANIZATION_REPOSITORIES_LIMIT = 100;

/**
 * The public repositories of a GitHub user or organization the maintainer manages, most recently
 * updated first. Only public ones: a context (and the guidance posted on issues) must not carry
 * a private repository's contents.
 */
export async function listOrganizationRepositories(
  input: { userId: string; organization: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<OrganizationRepository[]> {
  const access = await requireOrganizationAccess(input, ctx);
  const repositories = await ctx.github.publicRepositories(
    access.token,
    access.login,
    ORGANIZATION_REPOSITORIES_LIMIT,
  );
  return repositories.map((r) => ({
    name: r.name,
    full_name: r.fullName,
    html_url: r.htmlUrl,
    description: r.description,
    language: r.language,
    stargazers_count: r.stargazersCount,
  }));
}
