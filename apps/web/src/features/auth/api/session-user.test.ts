import { SESSION_USER_ELEMENT_ID } from '@openstake/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { pageWithData } from '@/test/page-with-data';
import { sessionUserFromPage } from './session-user';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sessionUserFromPage', () => {
  /** A page whose session user element holds `text` (or none when undefined). */
  const page = (text?: string) => pageWithData(SESSION_USER_ELEMENT_ID, text);
  const user = {
    id: 'u-1',
    email: 'ada@example.com',
    role: 'contributor',
    githubUsername: null,
    emailVerified: true,
    createdAt: '2026-11-01T00:00:00.000Z',
  };

  it('reads the user the server rendered the page for', () => {
    expect(sessionUserFromPage(page(JSON.stringify(user)))).toEqual(user);
  });

  it('is undefined on a page without one, so the app asks GET /api/user', () => {
    expect(sessionUserFromPage(page())).toBeUndefined();
  });

  it('is undefined, with a warning, for one that is not a user', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(sessionUserFromPage(page('{"id":'))).toBeUndefined();
    expect(sessionUserFromPage(page(JSON.stringify({ ...user, role: 'admin' })))).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
