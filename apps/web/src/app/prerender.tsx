import type { Role, SessionUser } from '@openstake/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import type { AppConfig } from '@/features/app-config/api/app-config';
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
 * The pages the server renders for the session that asks for them (apps/server's spa.ts, with
 * the build of this module), so a phone paints the area's first screen, the user's own header
 * line among it, before the app has arrived: only for an account of `role`; anyone else gets
 * the empty page, as for every other path. `lazyModule` is the area's chunk, fetched with the
 * app's once the page is painted.
 */
export const SESSION_PAGES = [
  {
    name: 'contributor-dashboard',
    path: '/contributor/dashboard',
    role: 'contributor',
    lazyModule: 'src/routes/contributor/contributor-area.ts',
  },
] as const satisfies readonly { name: string; path: string; role: Role; lazyModule: string }[];

/**
 * The route table, matched without a browser: made once, as flattening and compiling the routes
 * is a tenth of a render's time, and the server renders a session's page on every request.
 */
const handler = createStaticHandler(routes);

/**
 * The HTML of the app's root element for `url` (a path, with its query), as the browser's first
 * render will produce it (main.tsx hydrates it): the same tree, with `config` as the server
 * writes it into the page, and signed out, or signed in as `user` when the server renders a
 * session's page (and writes `user` into the page for the app's first render). Waits for the
 * page's lazy chunks; any error rejects, so the build fails rather than leaving a page to be
 * rendered again in the browser, and the server sends the empty page instead.
 */
export async function renderPage(
  url: string,
  config: AppConfig,
  user: SessionUser | null = null,
): Promise<string> {
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${url} answers ${String(context.status)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient({ config, user });

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
    throw new AggregateError(errors, `Rendering ${url} failed: ${String(errors[0])}`);
  }
  return new Response(prelude).text();
}
