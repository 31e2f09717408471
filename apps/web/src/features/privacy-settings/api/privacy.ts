import { contributorPrivacySchema, type ContributorPrivacy } from '@openstake/core';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { privacySettingsKeys } from './query-keys';

export const PRIVACY_SAVED_MESSAGE = 'Privacy settings saved';
export const PRIVACY_SAVE_FALLBACK_MESSAGE = 'Failed to save privacy settings';

/** GET /api/contributor/privacy: what the contributor shows companies. */
export async function getPrivacy(signal?: AbortSignal): Promise<ContributorPrivacy> {
  const body = await apiRequest<{ data?: unknown }>('/api/contributor/privacy', { signal });
  return parseData(contributorPrivacySchema, body.data);
}

/** PUT /api/contributor/privacy with all three choices; answers them as saved. */
export async function updatePrivacy(privacy: ContributorPrivacy): Promise<ContributorPrivacy> {
  const body = await apiRequest<{ data?: unknown }>('/api/contributor/privacy', {
    method: 'PUT',
    body: privacy,
  });
  return parseData(contributorPrivacySchema, body.data);
}

export const privacyQueryOptions = queryOptions({
  queryKey: privacySettingsKeys.privacy,
  queryFn: ({ signal }) => getPrivacy(signal),
  retry: retryUnlessClientError,
});

export function usePrivacy() {
  return useQuery(privacyQueryOptions);
}

/** Saving: the choices as the server saved them become the loaded ones. */
export const updatePrivacyMutation = (queryClient: QueryClient) => ({
  mutationFn: updatePrivacy,
  onSuccess: (saved: ContributorPrivacy) => {
    queryClient.setQueryData(privacySettingsKeys.privacy, saved);
  },
});

export function useUpdatePrivacy() {
  const queryClient = useQueryClient();
  return useMutation(updatePrivacyMutation(queryClient));
}
