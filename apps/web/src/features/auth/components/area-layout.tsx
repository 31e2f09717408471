import type { Role } from '@openstake/core';
import type { ReactNode } from 'react';

import { PageFrame } from '@/components/page-frame';
import { Badge } from '@/components/ui/badge';
import { ROLE_LABELS } from '../lib/role-labels';
import { AccountMenu } from './account-menu';
import { EmailVerificationBanner } from './email-verification-banner';
import { UserLogout } from './user-logout';

/**
 * The frame of a signed-in area (contributor, maintainer, company): a header with the role and
 * the Logout button (on a phone, the account menu with both), and the area's page below. Each area wraps its own layout around this so
 * it can add navigation as it grows; `headerActions` go before the e-mail and Logout (the
 * contributor's Messages link). Above the page, the banner asking to confirm the address while it
 * is not.
 */
export function AreaLayout({
  role,
  headerActions,
  children,
}: {
  role: Role;
  headerActions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageFrame
      badge={
        <Badge variant="secondary" className="hidden sm:inline-flex">
          {ROLE_LABELS[role]} area
        </Badge>
      }
      actions={
        <>
          {headerActions}
          <UserLogout emailClassName="md:inline" buttonClassName="hidden md:inline-flex" />
          <AccountMenu className="md:hidden" />
        </>
      }
    >
      <EmailVerificationBanner />
      {children}
    </PageFrame>
  );
}
