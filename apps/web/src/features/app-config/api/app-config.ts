import { useQuery } from '@tanstack/react-query';

import { ApiError } from '../../../lib/api/api-error';
import { apiRequest } from '../../../lib/api/client';
import { appConfigKeys } from './query-keys';

/** What the server tells every visitor about how it runs (GET /api/config). */
export interface AppConfig {
  /** True when GitHub is the in-process simulator (DESIGN.md s8). */
  demoMode: boolean;
  /** GitHub's web address: https://github.com, or the simulator's in demo mode. */
  githubWebUrl: string;
}

/** Reads `data` of GET /api/config; a body without its two fields counts as a failed call. */
export function parseAppConfig(value: unknown): AppConfig {
  if (typeof value !== 'object' || value === null) throw new ApiError({ status: 200 });
  const { demoMode, githubWebUrl } = value as Record<string, unknown>;
  if (typeof demoMode !== 'boolean' || typeof githubWebUrl !== 'string') {
    throw new ApiError({ status: 200 });
  }
  return { demoMode, githubWebUrl };
}

export async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const body = await apiRequest<{ data?: unknown }>('/api/config', { signal });
  return parseAppConfig(body.data);
}

/** The configuration does not change while the server runs: fetched once per page load. */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
