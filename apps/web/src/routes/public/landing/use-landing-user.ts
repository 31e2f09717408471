import type { SessionUser } from '@openstake/core';

import { useUser } from '@/features/auth/user-context';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Who is signed in, for the landing page's calls to action. The page arrives prerendered for a
 * visitor and is painted before the app is even fetched; the app asks for the session as it
 * starts (main.tsx). So this is null while React takes that HTML over, which must match it, and
 * the signed-in user from the render after: a signed-in visitor's buttons turn into the way back
 * to their dashboard once the page is painted, and nothing slows the page down for anyone.
 */
export function useLandingUser(): SessionUser | null {
  const { user } = useUser();
  return useHydrated() ? user : null;
}
