import { describe, expect, it } from 'vitest';

import { readCookie } from '@/lib/cookies';
import { memoryCookieJar } from '@/lib/memory-cookie-jar';
import {
  isSidebarToggleShortcut,
  MOBILE_MEDIA_QUERY,
  readSidebarOpen,
  SIDEBAR_COOKIE_DAYS,
  SIDEBAR_COOKIE_NAME,
  writeSidebarOpen,
  type ShortcutEvent,
} from './sidebar-state';

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
    const store = memoryCookieJar();
    const read = (name: string) => readCookie(name, store.jar);
    writeSidebarOpen(false, store.jar);
    expect(readSidebarOpen(read)).toBe(false);
    writeSidebarOpen(true, store.jar);
    expect(readSidebarOpen(read)).toBe(true);

    expect([...store.values.keys()]).toEqual([SIDEBAR_COOKIE_NAME]);
    expect(store.written.at(-1)).toBe(
      `${SIDEBAR_COOKIE_NAME}=true; Max-Age=${String(7 * 24 * 60 * 60)}; Path=/; SameSite=Lax`,
    );
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
