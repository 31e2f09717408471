import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';

import { PageLoading } from '@/components/page-loading';
import { DemoBanner } from '@/features/app-config/components/demo-banner';
import { UserProvider } from '@/features/auth/user-provider';
import { useGithubCallback } from '@/features/github/hooks/use-github-callback';
import { forgetSignedOutUser } from './forget-signed-out-user';

/**
 * The root route: the session provider lives inside the router so logout can navigate.
 * The demo-mode banner sits above every page, public and signed-in. A logout forgets what the
 * browser kept for the person (forget-signed-out-user.ts).
 * Pages other than the landing page load their code on first render (app/routes.tsx); until it
 * arrives, a first visit shows a loading state, and a navigation keeps the page it leaves.
 * Sonner's defaults (4 s, 3 visible, 356 px wide, 14 px gap) are the product's toast constants.
 */
export function RootLayout() {
  // Any page can be where GitHub sends the browser back to (?github=connected|error).
  useGithubCallback();
  return (
    <UserProvider onLoggedOut={forgetSignedOutUser}>
      <DemoBanner />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
        <PageReady />
      </Suspense>
      <Toaster />
      <ScrollRestoration />
    </UserProvider>
  );
}

/**
 * Tells src/boot.ts that the page is React's: it renders inside the page's Suspense boundary,
 * so its effect runs once the page's HTML has been hydrated (or first rendered). Boot then
 * presses again the buttons pressed while the app was loading. Renders nothing.
 */
function PageReady() {
  useEffect(() => {
    document.dispatchEvent(new Event('openstake:page-ready'));
  }, []);
  return null;
}
