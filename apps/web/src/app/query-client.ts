import type { SessionUser } from '@openstake/core';
import { QueryClient } from '@tanstack/react-query';

import type { AppConfig } from '@/features/app-config/api/app-config';
import { appConfigKeys } from '@/features/app-config/api/query-keys';
import { authKeys } from '@/features/auth/api/query-keys';

/** What a page carries for the app's first render: the server writes both into it. */
export interface PageData {
  config?: AppConfig;
  /** The signed-in user of a page rendered for its session (the contributor dashboard). */
  user?: SessionUser | null;
}

/**
 * The app's query cache, holding what the page carries from the start. The same function fills
 * it where a page is rendered (prerender.tsx, at build time or on the server) and in the browser
 * (main.tsx), so the first render in the browser finds what the HTML was rendered with.
 */
export function createQueryClient({ config, user }: PageData = {}): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  if (config) queryClient.setQueryData(appConfigKeys.all, config);
  if (user) queryClient.setQueryData(authKeys.sessionUser, user);
  return queryClient;
}
