import { organizationContextSchema, type OrganizationContext } from '@openstake/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { isNotFound } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';
import { organizationPath } from './organization-path';
import { organizationSettingsKeys } from './query-keys';

export const GENERATE_CONTEXT_FALLBACK_MESSAGE = 'Failed to generate context';
export const SAVE_CONTEXT_FALLBACK_MESSAGE = 'Failed to save context';
export const CONTEXT_SAVED_MESSAGE = 'Context saved';

const generatedContextSchema = organizationContextSchema.pick({ context: true });

/** GET /api/maintainer/organizations/:org/context: the saved context, or null when none (404). */
export async function getOrganizationContext(
  org: string,
  signal?: AbortSignal,
): Promise<OrganizationContext | null> {
  try {
    const body = await apiRequest<{ data?: unknown }>(`${organizationPath(org)}/context`, {
      signal,
    });
    return parseData(organizationContextSchema, body.data);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export interface GenerateContextRequest {
  org: string;
  /** html_url of each selected repository. */
  repos: string[];
}

/** POST /api/maintainer/organizations/:org/context/generate { repos } -> { context }. */
export async function generateContext({ org, repos }: GenerateContextRequest): Promise<string> {
  const body = await apiRequest<{ data?: unknown }>(`${organizationPath(org)}/context/generate`, {
    method: 'POST',
    body: { repos },
  });
  return parseData(generatedContextSchema, body.data).context;
}

export function useGenerateContext() {
  return useMutation({ mutationFn: generateContext });
}

export interface SaveContextRequest {
  org: string;
  context: string;
  repoLinks: string[];
}

/** PUT /api/maintainer/organizations/:org/context { context, repoLinks }. */
export async function saveContext({
  org,
  context,
  repoLinks,
}: SaveContextRequest): Promise<OrganizationContext> {
  const body = await apiRequest<{ data?: unknown }>(`${organizationPath(org)}/context`, {
    method: 'PUT',
    body: { context, repoLinks },
  });
  return parseData(organizationContextSchema, body.data);
}

export function useSaveContext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContext,
    onSuccess: (saved, { org }) => {
      queryClient.setQueryData(organizationSettingsKeys.context(org), saved);
    },
  });
}
