import type Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';

import {
  isSidebarToggleShortcut,
  MOBILE_MEDIA_QUERY,
  readSidebarOpen,
  SIDEBAR_COOKIE_DAYS,
  SIDEBAR_COOKIE_NAME,
  writeSidebarOpen,
  type ShortcutEvent,
} from './sidebar-state';

function memoryJar() {
  const jar = new Map<string, { value: string; attributes: Cookies.CookieAttributes }>();
  return {
    jar,
    set: (name: string, value: string, attributes: Cookies.CookieAttributes) => {
      jar.set(name, { value, attributes });
    },
    read: (name: string) => jar.get(name)?.value,
  };
}

const key = (overrides: Partial<ShortcutEvent>): ShortcutEvent => ({
  key: 'b',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...overrides,
});

describe('sidebar cookie', () => {
  it('is expanded when nothing is stored or the value is not understood', () => {
    expect(readSidebarOpen(() => undefined)).toBe(true);
    expect(readSidebarOpen(() => 'maybe')).toBe(true);
    expect(readSidebarOpen(() => 'true')).toBe(true);
  });

  it('is collapsed only by an explicit false', () => {
    expect(readSidebarOpen((name) => (name === SIDEBAR_COOKIE_NAME ? 'false' : undefined))).toBe(
      false,
    );
  });

  it('round-trips the state in a 7-day Lax cookie on /', () => {
    const store = memoryJar();
    writeSidebarOpen(false, store);
    expect(readSidebarOpen(store.read)).toBe(false);
    writeSidebarOpen(true, store);
    expect(readSidebarOpen(store.read)).toBe(true);

    expect([...store.jar.keys()]).toEqual([SIDEBAR_COOKIE_NAME]);
    expect(store.jar.get(SIDEBAR_COOKIE_NAME)?.attributes).toMatchObject({
      expires: SIDEBAR_COOKIE_DAYS,
      path: '/',
      sameSite: 'Lax',
    });
    expect(SIDEBAR_COOKIE_DAYS).toBe(7);
  });
});

describe('sidebar keyboard shortcut', () => {
  it('is b with Ctrl or Cmd', () => {
    expect(isSidebarToggleShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarToggleShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSidebarToggleShortcut(key({ key: 'B', ctrlKey: true }))).toBe(true);
  });

  it('ignores b alone and other keys', () => {
    expect(isSidebarToggleShortcut(key({}))).toBe(false);
    expect(isSidebarToggleShortcut(key({ key: 'n', ctrlKey: true }))).toBe(false);
  });

  it('leaves Shift and Alt combinations to the browser', () => {
    expect(isSidebarToggleShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarToggleShortcut(key({ metaKey: true, altKey: true }))).toBe(false);
  });

  it('ignores keys already handled or still being composed', () => {
    expect(isSidebarToggleShortcut(key({ ctrlKey: true, defaultPrevented: true }))).toBe(false);
    expect(isSidebarToggleShortcut(key({ ctrlKey: true, isComposing: true }))).toBe(false);
  });
});

describe('mobile breakpoint', () => {
  it('is below 768 px', () => {
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 767px)');
  });
});
