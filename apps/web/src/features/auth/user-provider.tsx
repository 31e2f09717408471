import type { SessionUser } from '@openstake/core';
import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

import { errorMessage } from '@/lib/api/api-error';
import { logout as logoutRequest } from './api/logout';
import { sessionUserQuery } from './api/session-user';
import { AUTH_FALLBACK_MESSAGES } from './lib/auth-form';
import { UserContext, type UserContextValue } from './user-context';
import { authKeys } from './api/query-keys';

/** Every query but the session user's own. */
const fetchedForTheUser = (query: Query): boolean => query.queryKey[0] !== authKeys.sessionUser[0];

/** How long logout waits for changes being saved to finish before it ends the session anyway. */
const MUTATIONS_WAIT_MS = 10_000;

/** Resolves once no mutation is in flight, or after `timeoutMs`. */
function mutationsSettled(client: QueryClient, timeoutMs: number): Promise<void> {
  if (client.isMutating() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = client.getMutationCache().subscribe(() => {
      if (client.isMutating() === 0) done();
    });
  });
}

/**
 * Holds the session user. The server keeps the session in an httpOnly cookie, so the only way
 * to know who is signed in is to ask GET /api/user; nothing about the session is stored in
 * the browser by this app.
 */
export function UserProvider({
  children,
  onLoggedOut,
}: {
  children: ReactNode;
  /** After a logout the server accepted: forget what this browser kept for the person. */
  onLoggedOut?: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const session = useQuery(sessionUserQuery);

  useEffect(() => {
    // A failed session refresh is logged, and the app carries on without a user.
    if (session.error) console.warn('Could not load the session user', session.error);
  }, [session.error]);

  const setUser = useCallback(
    (user: SessionUser | null) => {
      queryClient.setQueryData(authKeys.sessionUser, user);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    setIsLoggingOut(true);
    // A change being saved (a form submitted just before) is let finish first: ended with the
    // session, it would be refused, and what was typed lost.
    await mutationsSettled(queryClient, MUTATIONS_WAIT_MS);
    // Stop the reads in flight: they carry the session this ends, and one reaching the server
    // after it would be answered 401 (a failed request in the console, for nothing).
    await queryClient.cancelQueries({ predicate: fetchedForTheUser });
    try {
      await logoutRequest();
    } catch (error) {
      toast.error(errorMessage(error, AUTH_FALLBACK_MESSAGES.network), { richColors: true });
      // The session goes on: ask again for what was stopped.
      void queryClient.invalidateQueries({ predicate: fetchedForTheUser });
      return;
    } finally {
      setIsLoggingOut(false);
    }
    onLoggedOut?.().catch((error: unknown) => {
      console.warn('Could not forget what this browser kept for the signed-out user', error);
    });
    // Leave the guarded page first, and synchronously: router updates are transitions, so
    // without flushSync the guard would see the user vanish first and send the visitor to /.
    await navigate('/login', { flushSync: true });
    // Drop everything fetched for this user so the next one starts clean.
    queryClient.removeQueries({ predicate: fetchedForTheUser });
    queryClient.setQueryData(authKeys.sessionUser, null);
  }, [navigate, onLoggedOut, queryClient]);

  const value = useMemo<UserContextValue>(
    () => ({
      user: session.data ?? null,
      isLoading: session.isPending,
      setUser,
      logout,
      isLoggingOut,
    }),
    [session.data, session.isPending, setUser, logout, isLoggingOut],
  );

  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}
