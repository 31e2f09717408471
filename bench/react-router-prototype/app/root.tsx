import '../../../apps/web/src/index.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';

import { createQueryClient } from '../../../apps/web/src/app/query-client';
export const links = () => [{ rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }];

/** The document of apps/web/index.html, which framework mode renders itself. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta
          name="description"
          content="OpenStake: stake virtual coins on open-source issues, earn XP and ranks, and get discovered."
        />
        <title>OpenStake</title>
        <Meta />
        <Links />
      </head>
      <body>
        <div id="root">{children}</div>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The app's query cache with demo mode's configuration, as the bench's server writes it. */
export default function App() {
  const [queryClient] = useState(() =>
    createQueryClient({
      config: { demoMode: true, githubWebUrl: 'https://github.com', escrowAddress: null },
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
