import { organizationRepositorySchema, type OrganizationRepository } from '@openstake/core';

import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';
import { organizationPath } from './organization-path';

export const REPOSITORIES_FALLBACK_MESSAGE = 'Failed to load repositories';

/**
 * GET /api/maintainer/organizations/:org/repositories: a GitHub user's or organization's
 * repositories. 404 for an unknown login, 403 when the maintainer is neither that user nor a
 * member of that organization (code GITHUB_AUTH_REQUIRED when GitHub is not linked).
 */
export async function getOrganizationRepositories(
  org: string,
  signal?: AbortSignal,
): Promise<OrganizationRepository[]> {
  const body = await apiRequest<{ data?: unknown }>(`${organizationPath(org)}/repositories`, {
    signal,
  });
  return parseData(organizationRepositorySchema.array(), body.data);
}
