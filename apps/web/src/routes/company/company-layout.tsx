import { Outlet } from 'react-router';

import { AreaLayout } from '../../features/auth/components/area-layout';

/** Frame of the company area; its navigation grows here. */
export function CompanyLayout() {
  return (
    <AreaLayout role="company">
      <Outlet />
    </AreaLayout>
  );
}
