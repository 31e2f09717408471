import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';

import { UserProvider } from '../features/auth/user-provider';

/**
 * The root route: the session provider lives inside the router so logout can navigate.
 * Sonner's defaults (4 s, 3 visible, 356 px wide, 14 px gap) are the spec's toast constants.
 */
export function RootLayout() {
  return (
    <UserProvider>
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </UserProvider>
  );
}
