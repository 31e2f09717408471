import type { MaintainerRepository } from '@openstake/core';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { repositories } from '../../db/schema';
import { requireGithubToken } from '../github/github-account';
import { repositoryPolicyOf } from './connected-repository';

/** GitHub's answer is capped at 100 (repository fetch per_page 100). */
export const MAINTAINER_REPOSITORIES_LIMIT = 100;

/**
 * The maintainer's GitHub repositories: owned, collaborated on, or reached through
 * an organization, with GitHub's word on push permission and OpenStake's connection.
 */
export async function listMaintainerRepositories(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<MaintainerRepository[]> {
  const { token } = await requireGithubToken(userId, ctx);
  const repos = await ctx.github.repositoriesOfAuthenticatedUser(
    token,
    MAINTAINER_REPOSITORIES_LIMIT,
  );
  const names = repos.map((r) => r.full_name.toLowerCase());
  const connected = names.length
    ? await ctx.db
        .select()
        .from(repositories)
        .where(and(inArray(repositories.fullName, names), isNotNull(repositories.connectedAt)))
    : [];
  const byName = new Map(connected.map((r) => [r.fullName, r]));
  return repos.map((r) => {
    const connection = byName.get(r.full_name.toLowerCase());
    return {
      id: r.id,
      name: r.name,
      full_name: r.full_name,
      owner: r.owner.login,
      html_url: r.html_url,
      description: r.description ?? null,
      language: r.language ?? null,
      stargazers_count: r.stargazers_count,
      updated_at: r.updated_at ?? null,
      open_issues_count: r.open_issues_count,
      private: r.private,
      visibility: r.private ? 'Private' : 'Public',
      canPush: Boolean(r.permissions?.push),
      connection: connection?.connectedAt
        ? {
            deductionPercent: connection.deductionPercent,
            connectedAt: connection.connectedAt.toISOString(),
            viaApp: connection.installationId !== null,
            botComments: connection.botComments,
            ...repositoryPolicyOf(connection),
          }
        : null,
    };
  });
}
