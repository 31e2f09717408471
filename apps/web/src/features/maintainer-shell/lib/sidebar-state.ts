import {
  browserCookieJar,
  DAY_SECONDS,
  readCookie,
  writeCookie,
  type CookieJar,
  type ReadCookie,
} from '@/lib/cookies';

/** The sidebar's collapsed state lives in a cookie for 7 days. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_DAYS = 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
/** Width of the collapsed (icon-only) sidebar. */
export const SIDEBAR_WIDTH_ICON = '3.5rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
/** Below this width (px) the sidebar is a sheet opened from the header. */
export const MOBILE_BREAKPOINT = 768;
export const MOBILE_MEDIA_QUERY = `(max-width: ${String(MOBILE_BREAKPOINT - 1)}px)`;

/**
 * Whether the desktop sidebar is expanded. Only 'false' collapses it: a missing or tampered
 * cookie leaves the navigation visible, which is the safe default.
 */
export function readSidebarOpen(read: ReadCookie = readCookie): boolean {
  return read(SIDEBAR_COOKIE_NAME) !== 'false';
}

export function writeSidebarOpen(open: boolean, jar: CookieJar = browserCookieJar): void {
  writeCookie(
    SIDEBAR_COOKIE_NAME,
    open ? 'true' : 'false',
    { maxAgeSeconds: SIDEBAR_COOKIE_DAYS * DAY_SECONDS, path: '/', sameSite: 'Lax' },
    jar,
  );
}

export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  defaultPrevented?: boolean;
  isComposing?: boolean;
}

/**
 * Ctrl+B (Windows, Linux) or Cmd+B (macOS) toggles the sidebar. With Shift or Alt it is another
 * shortcut (Ctrl+Shift+B shows the browser's bookmarks bar), so those are left alone, as are
 * keys an input method is still composing and keys a focused widget already handled.
 */
export function isSidebarToggleShortcut(event: ShortcutEvent): boolean {
  if (event.defaultPrevented === true || event.isComposing === true) return false;
  if (event.altKey || event.shiftKey) return false;
  if (!event.ctrlKey && !event.metaKey) return false;
  return event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT;
}
