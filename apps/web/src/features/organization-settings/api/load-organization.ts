import type { OrganizationContext, OrganizationRepository } from '@openstake/core';
import type { QueryClient } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-error';
import { isGithubAuthRequired } from '@/features/github/lib/github-auth-error';
import type { LoadError } from '../lib/general-flow';
import { getOrganizationContext } from './organization-context';
import {
  getOrganizationRepositories,
  REPOSITORIES_FALLBACK_MESSAGE,
} from './organization-repositories';
import { organizationSettingsKeys } from './query-keys';

export type LoadedOrganization = {
  repositories: OrganizationRepository[] | null;
  reposError: LoadError | null;
  savedContext: OrganizationContext | null;
};

export const toLoadError = (error: unknown, fallback: string): LoadError => ({
  message: errorMessage(error, fallback),
  githubAuthRequired: isGithubAuthRequired(error),
});

/**
 * Fetches an organization's repositories and its saved context together. A saved context is
 * enough to go on (the repositories are only needed to generate a new one), so a failed
 * repository list is reported beside it; a failed context read (other than 'none saved')
 * fails the whole load, so that an existing context is never silently overwritten.
 */
export async function loadOrganization(
  queryClient: QueryClient,
  org: string,
): Promise<LoadedOrganization> {
  const [repositories, savedContext] = await Promise.allSettled([
    queryClient.fetchQuery({
      queryKey: organizationSettingsKeys.repositories(org),
      queryFn: ({ signal }) => getOrganizationRepositories(org, signal),
      retry: false,
    }),
    queryClient.fetchQuery({
      queryKey: organizationSettingsKeys.context(org),
      queryFn: ({ signal }) => getOrganizationContext(org, signal),
      retry: false,
    }),
  ]);
  if (savedContext.status === 'rejected') throw savedContext.reason;
  return {
    repositories: repositories.status === 'fulfilled' ? repositories.value : null,
    reposError:
      repositories.status === 'rejected'
        ? toLoadError(repositories.reason, REPOSITORIES_FALLBACK_MESSAGE)
        : null,
    savedContext: savedContext.value,
  };
}
