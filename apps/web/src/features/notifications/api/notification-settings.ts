import {
  notificationSettingsSchema,
  type NotificationSettings,
  type UpdateNotificationSettings,
} from '@openstake/core';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from 'sonner';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { notificationsKeys } from './query-keys';

export const NOTIFICATIONS_SAVE_FALLBACK_MESSAGE = 'Failed to save your notification settings';

/** GET /api/notification-settings: a switch per notification of the account's role. */
export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  const body = await apiRequest<{ data?: unknown }>('/api/notification-settings', { signal });
  return parseData(notificationSettingsSchema, body.data);
}

/** PUT /api/notification-settings with only the switches to change; answers all of them. */
export async function updateNotificationSettings(
  changes: UpdateNotificationSettings,
): Promise<NotificationSettings> {
  const body = await apiRequest<{ data?: unknown }>('/api/notification-settings', {
    method: 'PUT',
    body: changes,
  });
  return parseData(notificationSettingsSchema, body.data);
}

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: notificationsKeys.settings,
  queryFn: ({ signal }) => getNotificationSettings(signal),
  retry: retryUnlessClientError,
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

const withChanges = (
  current: NotificationSettings,
  changes: UpdateNotificationSettings,
): NotificationSettings => ({
  ...current,
  settings: current.settings.map((setting) => ({
    ...setting,
    enabled: changes[setting.kind] ?? setting.enabled,
  })),
});

/**
 * Saving with an optimistic switch: it flips at once, becomes what the server saved, or flips
 * back with a toast of the server's reason when the save fails.
 */
export const updateNotificationSettingsMutation = (queryClient: QueryClient) => ({
  mutationFn: updateNotificationSettings,
  onMutate: async (changes: UpdateNotificationSettings) => {
    await queryClient.cancelQueries({ queryKey: notificationsKeys.settings });
    const previous = queryClient.getQueryData<NotificationSettings>(notificationsKeys.settings);
    if (previous) {
      queryClient.setQueryData(notificationsKeys.settings, withChanges(previous, changes));
    }
    return { previous };
  },
  onError: (
    error: unknown,
    _changes: UpdateNotificationSettings,
    context: { previous?: NotificationSettings } | undefined,
  ) => {
    if (context?.previous) queryClient.setQueryData(notificationsKeys.settings, context.previous);
    toast.error(errorMessage(error, NOTIFICATIONS_SAVE_FALLBACK_MESSAGE), { richColors: true });
  },
  onSuccess: (saved: NotificationSettings) => {
    queryClient.setQueryData(notificationsKeys.settings, saved);
  },
});

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation(updateNotificationSettingsMutation(queryClient));
}
