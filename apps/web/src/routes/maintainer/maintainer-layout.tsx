import { Outlet } from 'react-router';

import { AreaLayout } from '../../components/area-layout';

/** Frame of the maintainer area; its navigation grows here. */
export function MaintainerLayout() {
  return (
    <AreaLayout role="maintainer">
      <Outlet />
    </AreaLayout>
  );
}
