import type { Role } from '@openstake/core';
import type { ReactNode } from 'react';

import { ROLE_LABELS } from '../features/auth/lib/role-labels';
import { BrandLogo } from './brand-logo';
import { Badge } from './ui/badge';
import { UserLogout } from './user-logout';

/**
 * The frame of a signed-in area (contributor, maintainer, company): a header with the role and
 * the Logout button, and the area's page below. Each area wraps its own layout around this so
 * it can add navigation as it grows.
 */
export function AreaLayout({ role, children }: { role: Role; children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <BrandLogo />
            <Badge variant="secondary" className="hidden sm:inline-flex">
              {ROLE_LABELS[role]} area
            </Badge>
          </div>
          <div className="flex min-w-0 items-center gap-3">
            <UserLogout emailClassName="md:inline" />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
