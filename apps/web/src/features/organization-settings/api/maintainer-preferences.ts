import { maintainerPreferencesSchema, type MaintainerPreferences } from '@openstake/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { organizationSettingsKeys } from './query-keys';

export const PREFERENCES_LOAD_FALLBACK_MESSAGE = 'Failed to load preferences';
export const PREFERENCES_SAVE_FALLBACK_MESSAGE = 'Failed to save preferences';

/** GET /api/maintainer/preferences. */
export async function getMaintainerPreferences(
  signal?: AbortSignal,
): Promise<MaintainerPreferences> {
  const body = await apiRequest<{ data?: unknown }>('/api/maintainer/preferences', { signal });
  return parseData(maintainerPreferencesSchema, body.data);
}

/** PUT /api/maintainer/preferences with all three switches. */
export async function updateMaintainerPreferences(
  preferences: MaintainerPreferences,
): Promise<MaintainerPreferences> {
  const body = await apiRequest<{ data?: unknown }>('/api/maintainer/preferences', {
    method: 'PUT',
    body: preferences,
  });
  return parseData(maintainerPreferencesSchema, body.data);
}

export function useMaintainerPreferences() {
  return useQuery({
    queryKey: organizationSettingsKeys.preferences,
    queryFn: ({ signal }) => getMaintainerPreferences(signal),
    retry: retryUnlessClientError,
  });
}

/**
 * Saves the preferences with an optimistic switch: it flips at once, and flips back with a
 * toast when the server refuses.
 */
export function useUpdateMaintainerPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaintainerPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: organizationSettingsKeys.preferences });
      const previous = queryClient.getQueryData<MaintainerPreferences>(
        organizationSettingsKeys.preferences,
      );
      queryClient.setQueryData(organizationSettingsKeys.preferences, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) {
        queryClient.setQueryData(organizationSettingsKeys.preferences, context.previous);
      }
      toast.error(errorMessage(error, PREFERENCES_SAVE_FALLBACK_MESSAGE), { richColors: true });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationSettingsKeys.preferences, saved);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: organizationSettingsKeys.preferences }),
  });
}
