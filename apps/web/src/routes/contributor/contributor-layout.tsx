import { Outlet } from 'react-router';

import { AreaLayout } from '../../components/area-layout';

/** Frame of the contributor area; its navigation grows here. */
export function ContributorLayout() {
  return (
    <AreaLayout role="contributor">
      <Outlet />
    </AreaLayout>
  );
}
