import type { SessionUser } from '@openstake/core';
import { createContext, useContext } from 'react';

export interface UserContextValue {
  /** The signed-in user, or null for a visitor. */
  user: SessionUser | null;
  /** True until the first GET /api/user has answered. */
  isLoading: boolean;
  /** Puts a user into the session cache (after login) or clears it. */
  setUser: (user: SessionUser | null) => void;
  /** POST /logout, clear the user, go to /login. */
  logout: () => Promise<void>;
  isLoggingOut: boolean;
}

export const UserContext = createContext<UserContextValue | null>(null);

export function useUser(): UserContextValue {
  const value = useContext(UserContext);
  if (value === null) throw new Error('useUser must be used inside <UserProvider>');
  return value;
}
