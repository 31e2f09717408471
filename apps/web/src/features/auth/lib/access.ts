import type { Role, SessionUser } from '@openstake/core';

/** Whether a guarded area may be shown; everyone else goes to /. */
export function canAccessArea(user: SessionUser | null, allowed: readonly Role[]): boolean {
  return user !== null && allowed.includes(user.role);
}
