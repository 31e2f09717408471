import { Menu, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { BrandMark } from '@/components/brand-logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { UserLogout } from '@/features/auth/components/user-logout';
import { useSidebar } from '../hooks/sidebar-context';

/**
 * The product title, the Maintainer badge, the wallet dropdown (features/wallet,
 * given by the layout), Settings and Logout (below 1024 px, the e-mail and Logout are in the account menu), plus the menu button that opens the sidebar sheet below 768 px.
 */
export function MaintainerHeader({ wallet }: { wallet?: ReactNode }) {
  const { openMobile, setOpenMobile } = useSidebar();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-16 items-center justify-between gap-2 px-3 sm:gap-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open navigation"
            aria-haspopup="dialog"
            aria-expanded={openMobile}
            onClick={() => {
              setOpenMobile(true);
            }}
          >
            <Menu aria-hidden="true" className="size-5" />
          </Button>
          <Link
            to="/maintainer/dashboard"
            className="inline-flex min-w-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <BrandMark />
            <span className="truncate">OpenStake</span>
          </Link>
          <Badge variant="secondary" className="hidden sm:inline-flex" data-testid="role-badge">
            Maintainer
          </Badge>
        </div>

        <div className="flex min-w-0 items-center gap-2">
          {wallet}
          <Link
            to="/maintainer/org-settings/config"
            className={buttonVariants({ variant: 'ghost', size: 'sm' })}
          >
            <Settings aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Settings</span>
          </Link>
          <UserLogout emailClassName="lg:inline" buttonClassName="hidden lg:inline-flex" />
          <AccountMenu className="lg:hidden" />
        </div>
      </div>
    </header>
  );
}
