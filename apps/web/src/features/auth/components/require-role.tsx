import type { Role } from '@openstake/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { canAccessArea } from '../lib/access';
import { useUser } from '../user-context';

interface RequireRoleProps {
  allowed: readonly Role[];
  children: ReactNode;
  loadingLabel?: string;
}

/**
 * Guards an area by role. The server guards its API the same way; this only
 * decides what to render. While the session loads a small loading state shows; a visitor
 * without a session, or with another role, is sent to / (replacing the history entry).
 */
export function RequireRole({ allowed, children, loadingLabel }: RequireRoleProps) {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageLoading label={loadingLabel} />;
  if (!canAccessArea(user, allowed)) return <Navigate to="/" replace />;
  return children;
}
