import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import type { AppConfig } from '../features/app-config/api/app-config';
import { appConfigKeys } from '../features/app-config/api/query-keys';
import { createQueryClient } from './query-client';
import { routes } from './routes';

/**
 * The public pages rendered at build time (apps/web/build/prerender.ts), so a browser paints
 * them before any JavaScript has arrived: `name` is the file (`index` is `/`), `lazyModule` the
 * page's own chunk, fetched with the app's.
 */
export const PRERENDERED_PAGES = [
  { name: 'index', path: '/' },
  { name: 'login', path: '/login', lazyModule: 'src/routes/public/login-page.tsx' },
] as const satisfies readonly { name: string; path: string; lazyModule?: string }[];

/**
 * The HTML of the app's root element for `path`, as the browser's first render will produce
 * it (main.tsx hydrates it): the same tree, signed out (the session is not known yet), with
 * `config` as the server will write it into the page. Waits for the page's lazy chunk; any
 * error fails the build rather than leaving a page to be rendered again in the browser.
 */
export async function renderPage(path: string, config: AppConfig): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${String(context.status)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  queryClient.setQueryData(appConfigKeys.all, config);

  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) {
    throw new AggregateError(errors, `Prerendering ${path} failed: ${String(errors[0])}`);
  }
  return new Response(prelude).text();
}
