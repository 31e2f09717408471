import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { SidebarContext, type SidebarContextValue } from '../hooks/sidebar-context';
import { useIsMobile } from '../hooks/use-is-mobile';
import { isSidebarToggleShortcut, readSidebarOpen, writeSidebarOpen } from '../lib/sidebar-state';

interface SidebarProviderProps {
  children: ReactNode;
  /** The desktop state to start with; by default the one remembered in the cookie. */
  defaultOpen?: boolean;
}

/**
 * Holds the sidebar's state for the maintainer area: the desktop sidebar (remembered in a cookie
 * for 7 days) and the mobile sheet (never remembered: it opens on demand). Ctrl/Cmd+B toggles
 * whichever one the screen shows.
 */
export function SidebarProvider({ children, defaultOpen }: SidebarProviderProps) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => defaultOpen ?? readSidebarOpen());
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarOpen(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) {
      setOpenMobile((current) => !current);
      return;
    }
    setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarToggleShortcut(event)) return;
      // Firefox opens its bookmarks sidebar on Ctrl+B.
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      // A sheet left open while the window grows past the breakpoint would linger unseen.
      openMobile: openMobile && isMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}
