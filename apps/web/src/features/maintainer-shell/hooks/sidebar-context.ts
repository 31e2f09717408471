import { createContext, useContext } from 'react';

export interface SidebarContextValue {
  /** The desktop sidebar: expanded (16rem, labels) or collapsed (icons only). */
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The mobile sheet (below 768 px). */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  /** Collapses or expands the desktop sidebar, or opens or closes the mobile sheet. */
  toggleSidebar: () => void;
}

export const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (value === null) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return value;
}
