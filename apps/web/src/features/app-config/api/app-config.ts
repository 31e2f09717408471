import { APP_CONFIG_ELEMENT_ID, appConfigSchema, type AppConfig } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';
import { readPageData, type PageWithData } from '@/lib/page-data';
import { safeExternalUrl } from '@/lib/safe-url';
import { appConfigKeys } from './query-keys';

export type { AppConfig };

/** Reads `data` of GET /api/config; a body without its two fields counts as a failed call. */
export function parseAppConfig(value: unknown): AppConfig {
  return parseData(appConfigSchema, value);
}

export async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const body = await apiRequest<{ data?: unknown }>('/api/config', { signal });
  return parseAppConfig(body.data);
}

/**
 * The configuration the server wrote into the page (apps/server's spa.ts), read before the
 * first render so nothing that depends on it (the demo banner) appears late. Undefined when
 * the page carries none (Vite's dev server) or an unreadable one: useAppConfig then asks
 * GET /api/config.
 */
export function appConfigFromPage(page: PageWithData): AppConfig | undefined {
  return readPageData(page, APP_CONFIG_ELEMENT_ID, appConfigSchema, 'configuration');
}

/**
 * The configuration does not change while the server runs: taken from the page (main.tsx puts
 * it in the cache), or else fetched once per page load.
 */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** GitHub's own web address: the one used before the configuration is known, or without one. */
export const DEFAULT_GITHUB_WEB_URL = 'https://github.com';

/**
 * GitHub's web address without a trailing slash, for links and for the examples in placeholders:
 * the configured one (the simulator's in demo mode, where github.com addresses lead nowhere),
 * else github.com. Only a plain http(s) address is taken.
 */
export function githubWebBase(githubWebUrl: string | null | undefined): string {
  return (safeExternalUrl(githubWebUrl) ?? DEFAULT_GITHUB_WEB_URL).replace(/\/+$/, '');
}

/** GitHub's web address as this server is configured (githubWebBase). */
export function useGithubWebUrl(): string {
  return githubWebBase(useAppConfig().data?.githubWebUrl);
}
