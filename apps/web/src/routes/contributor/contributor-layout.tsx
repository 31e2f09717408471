import { Outlet } from 'react-router';

import { AreaLayout } from '../../features/auth/components/area-layout';
import { MessagesHeaderLink } from '../../features/messages/components/messages-header-link';
import { dashboardTabPath } from './dashboard/dashboard-tab';

/** Frame of the contributor area: the header links to the Messages tab with the unread count. */
export function ContributorLayout() {
  return (
    <AreaLayout
      role="contributor"
      headerActions={<MessagesHeaderLink side="contributor" to={dashboardTabPath('messages')} />}
    >
      <Outlet />
    </AreaLayout>
  );
}
