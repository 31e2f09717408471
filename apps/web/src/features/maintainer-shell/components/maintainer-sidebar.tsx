import { Building2, ChevronRight, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';

import { BrandMark } from '@/components/brand-logo';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { ROLE_LABELS } from '@/features/auth/lib/role-labels';
import { useUser } from '@/features/auth/user-context';
import { useSidebar } from '../hooks/sidebar-context';
import {
  BOTTOM_NAV,
  isInOrganizationSettings,
  isNavItemActive,
  MAIN_NAV,
  ORGANIZATION_NAV,
  ORGANIZATION_SETTINGS_LABEL,
  type MaintainerNavItem,
} from '../lib/maintainer-nav';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE } from '../lib/sidebar-state';

export const SIDEBAR_ID = 'maintainer-sidebar';

interface SidebarBodyProps {
  /** Icons only (the collapsed desktop sidebar). */
  collapsed: boolean;
  /** Called after a link is followed (the mobile sheet closes). */
  onNavigate?: () => void;
  /** The Collapse button belongs to the desktop sidebar; the sheet has its own close button. */
  showCollapseButton: boolean;
}

function NavLinkItem({
  item,
  pathname,
  collapsed,
  onNavigate,
  nested = false,
}: {
  item: MaintainerNavItem;
  pathname: string;
  collapsed: boolean;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  const active = isNavItemActive(pathname, item);
  const Icon = item.icon;
  return (
    <li>
      <Link
        to={item.to}
        aria-current={active ? 'page' : undefined}
        title={collapsed ? item.label : undefined}
        onClick={onNavigate}
        className={cn(
          'flex h-9 min-w-0 items-center gap-3 rounded-md px-2.5 text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
          active
            ? 'bg-accent font-medium text-accent-foreground'
            : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          nested && !collapsed && 'pl-9',
          collapsed && 'justify-center px-0',
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span className={cn('truncate', collapsed && 'sr-only')}>{item.label}</span>
      </Link>
    </li>
  );
}

function OrganizationGroup({
  pathname,
  collapsed,
  onNavigate,
}: {
  pathname: string;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const inGroup = isInOrganizationSettings(pathname);
  const [open, setOpen] = useState(inGroup);
  // Arriving on a settings page (e.g. from the header's Settings button) opens the group, so the
  // current page's link is visible; the user can still close it afterwards.
  const [wasInGroup, setWasInGroup] = useState(inGroup);
  if (inGroup !== wasInGroup) {
    setWasInGroup(inGroup);
    if (inGroup) setOpen(true);
  }

  const links = ORGANIZATION_NAV.map((item) => (
    <NavLinkItem
      key={item.to}
      item={item}
      pathname={pathname}
      collapsed={collapsed}
      onNavigate={onNavigate}
      nested
    />
  ));

  if (collapsed) {
    // Icons only: the group's links stand on their own, named by their labels.
    return (
      <li>
        <span className="sr-only">{ORGANIZATION_SETTINGS_LABEL}</span>
        <ul className="grid gap-1">{links}</ul>
      </li>
    );
  }

  return (
    <li>
      <Collapsible open={open} onOpenChange={setOpen}>
        <CollapsibleTrigger
          className={cn(
            'flex h-9 w-full min-w-0 items-center gap-3 rounded-md px-2.5 text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
            inGroup
              ? 'text-foreground'
              : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          )}
        >
          <Building2 aria-hidden="true" className="size-4 shrink-0" />
          <span className="flex-1 truncate text-left">{ORGANIZATION_SETTINGS_LABEL}</span>
          <ChevronRight
            aria-hidden="true"
            className={cn('size-4 shrink-0 transition-transform', open && 'rotate-90')}
          />
        </CollapsibleTrigger>
        <CollapsibleContent>
          <ul className="mt-1 grid gap-1">{links}</ul>
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}

function SidebarUser({ collapsed }: { collapsed: boolean }) {
  const { user } = useUser();
  if (!user) return null;
  const name = user.githubUsername ?? user.email;
  return (
    <div
      className={cn('flex min-w-0 items-center gap-3 px-1', collapsed && 'justify-center px-0')}
      title={collapsed ? `${name} (${ROLE_LABELS[user.role]})` : undefined}
      data-testid="sidebar-user"
    >
      <Avatar name={name} className="size-8 text-xs" />
      <div className={cn('grid min-w-0 gap-0.5', collapsed && 'sr-only')}>
        <span className="truncate text-sm font-medium" title={name}>
          {name}
        </span>
        <span className="truncate text-xs text-muted-foreground">{ROLE_LABELS[user.role]}</span>
      </div>
    </div>
  );
}

/** The links, the user and the Collapse button: shared by the desktop sidebar and the sheet. */
export function SidebarBody({ collapsed, onNavigate, showCollapseButton }: SidebarBodyProps) {
  const { pathname } = useLocation();
  const { open, setOpen } = useSidebar();
  const linkProps = { pathname, collapsed, onNavigate };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <nav
        aria-label="Maintainer"
        className="flex min-h-0 flex-1 flex-col gap-4 overflow-x-hidden overflow-y-auto p-2"
      >
        <ul className="grid gap-1">
          {MAIN_NAV.map((item) => (
            <NavLinkItem key={item.to} item={item} {...linkProps} />
          ))}
          <OrganizationGroup {...linkProps} />
        </ul>
        <ul className="mt-auto grid gap-1 border-t pt-4">
          {BOTTOM_NAV.map((item) => (
            <NavLinkItem key={`bottom-${item.to}`} item={item} {...linkProps} />
          ))}
        </ul>
      </nav>
      <div className="grid gap-2 border-t p-2">
        <SidebarUser collapsed={collapsed} />
        {showCollapseButton && (
          <Button
            variant="ghost"
            size="sm"
            className={cn(
              'justify-start text-muted-foreground',
              collapsed && 'justify-center px-0',
            )}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-controls={SIDEBAR_ID}
            aria-expanded={open}
            aria-keyshortcuts="Control+B Meta+B"
            title={`${collapsed ? 'Expand' : 'Collapse'} (Ctrl+B / ⌘B)`}
            onClick={() => {
              setOpen(!open);
            }}
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" />
            ) : (
              <>
                <PanelLeftClose aria-hidden="true" />
                Collapse
              </>
            )}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * A 16rem sidebar that collapses to icons on wide screens, and below 768 px an
 * 18rem sheet opened from the header's menu button.
 */
export function MaintainerSidebar() {
  const { state, openMobile, setOpenMobile } = useSidebar();
  const collapsed = state === 'collapsed';

  return (
    <>
      <aside
        id={SIDEBAR_ID}
        data-state={state}
        className={cn(
          'sticky top-16 hidden h-[calc(100svh-4rem)] shrink-0 flex-col border-r bg-background transition-[width] duration-200 md:flex',
        )}
        style={{ width: collapsed ? SIDEBAR_WIDTH_ICON : SIDEBAR_WIDTH }}
      >
        <SidebarBody collapsed={collapsed} showCollapseButton />
      </aside>
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          aria-describedby={undefined}
          className="right-auto left-0 max-w-[85vw] gap-0 border-r border-l-0 p-0"
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
        >
          <SheetTitle className="flex h-16 shrink-0 items-center gap-2 border-b px-4">
            <BrandMark className="size-7" />
            OpenStake
            <span className="sr-only">navigation</span>
          </SheetTitle>
          <SidebarBody
            collapsed={false}
            showCollapseButton={false}
            onNavigate={() => {
              setOpenMobile(false);
            }}
          />
        </SheetContent>
      </Sheet>
    </>
  );
}
