import './index.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { createQueryClient } from './app/query-client';
import { loadPageCode, routes } from './app/routes';
import { appConfigFromPage } from './features/app-config/api/app-config';
import { sessionUserFromPage, sessionUserQuery } from './features/auth/api/session-user';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/**
 * Resolves in a later task: the browser may paint and answer input in between. Written in
 * boot.ts too: boot shares no module with the app.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement): Promise<void> {
  // The server writes its public configuration into the page: with it in the cache, the first
  // render already knows about demo mode, and no request for /api/config is made. A page the
  // server rendered for the session (the contributor dashboard) also says who is signed in: the
  // first render shows that user, as the HTML does, and the question is not asked again.
  const queryClient = createQueryClient({
    config: appConfigFromPage(document),
    user: sessionUserFromPage(document),
  });
  // Who is signed in (unless the page said), and the code of the page opened (its area, or its
  // own chunk), are asked for now, together, rather than one after the other once React renders.
  void queryClient.prefetchQuery(sessionUserQuery);
  void loadPageCode(window.location.pathname);
  // The router's set-up and the first render each get a task of their own: run with the modules'
  // evaluation, they made one long task, and a phone answered no tap until it ended.
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();

  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );

  // `/`, `/login` and, for its contributor, the dashboard arrive rendered (app/prerender.tsx):
  // React takes that HTML over (hydrates it) rather than rendering the page again; every other
  // page starts from an empty root. The page is already on screen, so its hydration is a
  // transition: React works through it in slices, leaving the browser free to answer a tap in
  // between, rather than in one long task.
  if (root.firstElementChild) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

void start(container);
