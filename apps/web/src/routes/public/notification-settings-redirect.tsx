import { NOTIFICATION_SETTINGS_PATH, type Role } from '@openstake/core';
import { Navigate } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { useUser } from '@/features/auth/user-context';

/** Each role's page with its notification switches (the contributor's is a tab of Settings). */
const NOTIFICATION_SETTINGS_PAGE: Readonly<Record<Role, string>> = {
  contributor: '/contributor/settings#notifications',
  maintainer: '/maintainer/org-settings/config',
  company: '/company/settings',
};

/**
 * /settings/notifications, where every notification mail's footer and List-Unsubscribe lead:
 * one address for every account, sent on to the signed-in account's own settings page, or to
 * sign in first and then back here.
 */
export function NotificationSettingsRedirect() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageLoading />;
  if (!user) {
    return (
      <Navigate to={`/login?returnTo=${encodeURIComponent(NOTIFICATION_SETTINGS_PATH)}`} replace />
    );
  }
  return <Navigate to={NOTIFICATION_SETTINGS_PAGE[user.role]} replace />;
}
