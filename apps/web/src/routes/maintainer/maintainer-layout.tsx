import { Outlet } from 'react-router';

import { EmailVerificationBanner } from '@/features/auth/components/email-verification-banner';
import { MaintainerHeader } from '@/features/maintainer-shell/components/maintainer-header';
import { MaintainerSidebar } from '@/features/maintainer-shell/components/maintainer-sidebar';
import { SidebarProvider } from '@/features/maintainer-shell/components/sidebar-provider';
import { HeaderWallet } from '@/features/wallet/components/header-wallet';
import { WalletErrorAlert } from '@/features/wallet/components/wallet-error-alert';
import { WalletProvider } from '@/features/wallet/components/wallet-provider';

/**
 * Frame of the maintainer area: the header across the top, the sidebar on
 * the left (a sheet below 768 px) and the page, under the banner asking to confirm the address
 * (while it is not) and any wallet error. The demo-mode banner and
 * the toaster come from the root layout; the role guard from the route table.
 */
export function MaintainerLayout() {
  return (
    <SidebarProvider>
      <WalletProvider>
        <div className="flex min-h-svh flex-col bg-muted/30">
          <MaintainerHeader wallet={<HeaderWallet />} />
          <div className="flex flex-1">
            <MaintainerSidebar />
            <main className="min-w-0 flex-1 px-4 py-8 sm:px-6">
              <div className="mx-auto w-full max-w-6xl">
                <EmailVerificationBanner />
                <WalletErrorAlert />
                <Outlet />
              </div>
            </main>
          </div>
        </div>
      </WalletProvider>
    </SidebarProvider>
  );
}
