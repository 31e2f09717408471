import { dashboardPath } from '@openstake/core';
import { LayoutDashboard, LogIn } from 'lucide-react';
import { Link, Outlet } from 'react-router';

import { PageFrame } from '@/components/page-frame';
import { buttonVariants } from '@/components/ui/button-variants';
import { UserLogout } from '@/features/auth/components/user-logout';
import { useUser } from '@/features/auth/user-context';

/**
 * The frame of the pages anyone may open, signed in or not, whatever their role (the public
 * profile): a signed-in visitor gets their dashboard and Logout, anyone else Sign in and Sign up.
 */
export function PublicLayout() {
  const { user, isLoading } = useUser();
  let actions = null;
  if (user) {
    actions = (
      <>
        <Link
          to={dashboardPath(user.role)}
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        >
          <LayoutDashboard aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Dashboard</span>
        </Link>
        <UserLogout emailClassName="md:inline" compact />
      </>
    );
  } else if (!isLoading) {
    actions = (
      <>
        <Link to="/login" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <LogIn aria-hidden="true" />
          Sign in
        </Link>
        <Link to="/signUp" className={buttonVariants({ size: 'sm' })}>
          Sign up
        </Link>
      </>
    );
  }
  return (
    <PageFrame actions={actions}>
      <Outlet />
    </PageFrame>
  );
}
