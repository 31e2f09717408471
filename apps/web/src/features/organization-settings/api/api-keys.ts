import {
  apiKeySchema,
  createdApiKeySchema,
  type ApiKey,
  type CreatedApiKey,
} from '@openstake/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { organizationPath } from './organization-path';
import { organizationSettingsKeys } from './query-keys';

export const API_KEYS_FALLBACK_MESSAGE = 'Failed to load API keys';
export const CREATE_API_KEY_FALLBACK_MESSAGE = 'Failed to create API key';
export const DELETE_API_KEY_FALLBACK_MESSAGE = 'Failed to delete API key';
export const API_KEY_CREATED_MESSAGE = 'API key created';
export const API_KEY_DELETED_MESSAGE = 'API key deleted';

/** GET /api/maintainer/organizations/:org/api-keys: the organization's keys, masked. */
export async function getApiKeys(org: string, signal?: AbortSignal): Promise<ApiKey[]> {
  const body = await apiRequest<{ data?: unknown }>(`${organizationPath(org)}/api-keys`, {
    signal,
  });
  return parseData(apiKeySchema.array(), body.data);
}

export function useApiKeys(org: string | null) {
  return useQuery({
    queryKey: organizationSettingsKeys.apiKeys(org ?? ''),
    queryFn: ({ signal }) => getApiKeys(org ?? '', signal),
    enabled: org !== null,
    retry: retryUnlessClientError,
  });
}

export interface CreateApiKeyRequest {
  org: string;
  /** Optional; blank gives an untitled key. */
  name: string;
}

/**
 * POST /api/maintainer/organizations/:org/api-keys { name } -> the key with its full secret,
 * returned this once. 400 'You need to generate context first.' when no context is saved.
 */
export async function createApiKey({ org, name }: CreateApiKeyRequest): Promise<CreatedApiKey> {
  const body = await apiRequest<{ data?: unknown }>(`${organizationPath(org)}/api-keys`, {
    method: 'POST',
    body: { name: name.trim() },
  });
  return parseData(createdApiKeySchema, body.data);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: (_key, { org }) =>
      queryClient.invalidateQueries({ queryKey: organizationSettingsKeys.apiKeys(org) }),
  });
}

export interface DeleteApiKeyRequest {
  org: string;
  id: string;
}

/** DELETE /api/maintainer/organizations/:org/api-keys/:id: workflows using it stop working. */
export async function deleteApiKey({ org, id }: DeleteApiKeyRequest): Promise<void> {
  await apiRequest(`${organizationPath(org)}/api-keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: (_result, { org, id }) => {
      queryClient.setQueryData<ApiKey[]>(organizationSettingsKeys.apiKeys(org), (keys) =>
        keys?.filter((key) => key._id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: organizationSettingsKeys.apiKeys(org) });
    },
  });
}
