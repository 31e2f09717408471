import { Outlet } from 'react-router';

import { AreaLayout } from '../../features/auth/components/area-layout';

/** Frame of the contributor area; its navigation grows here. */
export function ContributorLayout() {
  return (
    <AreaLayout role="contributor">
      <Outlet />
    </AreaLayout>
  );
}
