import { Outlet } from 'react-router';

import { AreaLayout } from '@/features/auth/components/area-layout';
import { MessagesHeaderLink } from '@/features/messages/components/messages-header-link';
import { HeaderWallet } from '@/features/wallet/components/header-wallet';
import { WalletErrorAlert } from '@/features/wallet/components/wallet-error-alert';
import { WalletProvider } from '@/features/wallet/components/wallet-provider';
import { dashboardTabPath } from './dashboard/dashboard-tab';

/**
 * Frame of the contributor area: the header links to the Messages tab with the unread count and
 * holds the wallet, whose errors show above the page.
 */
export function ContributorLayout() {
  return (
    <WalletProvider>
      <AreaLayout
        role="contributor"
        headerActions={
          <>
            <HeaderWallet />
            <MessagesHeaderLink side="contributor" to={dashboardTabPath('messages')} />
          </>
        }
      >
        <WalletErrorAlert />
        <Outlet />
      </AreaLayout>
    </WalletProvider>
  );
}
