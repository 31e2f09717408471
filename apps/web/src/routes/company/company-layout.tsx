import type { LucideIcon } from 'lucide-react';
import { Mail, Settings, UserSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';

import { cn } from '@/lib/utils';
import { AreaLayout } from '@/features/auth/components/area-layout';
import { UnreadCountBadge } from '@/features/messages/components/unread-count-badge';

/** Frame of the company area: Hire, Messages with the unread count beside it, and Settings. */
export function CompanyLayout() {
  return (
    <AreaLayout role="company">
      <div className="grid grid-cols-1 gap-6">
        <nav aria-label="Company area" className="flex gap-1 overflow-x-auto border-b">
          <AreaLink to="/company/dashboard" icon={UserSearch}>
            Hire
          </AreaLink>
          <AreaLink to="/company/messages" icon={Mail}>
            Messages
            <UnreadCountBadge side="company" />
          </AreaLink>
          <AreaLink to="/company/settings" icon={Settings}>
            Settings
          </AreaLink>
        </nav>
        <Outlet />
      </div>
    </AreaLayout>
  );
}

function AreaLink({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(
          '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          isActive
            ? 'border-primary text-foreground'
            : 'border-transparent text-muted-foreground hover:text-foreground',
        )
      }
    >
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </NavLink>
  );
}
