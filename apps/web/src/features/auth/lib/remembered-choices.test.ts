import { describe, expect, it } from 'vitest';

import { readCookie } from '@/lib/cookies';
import { memoryCookieJar } from '@/lib/memory-cookie-jar';
import { readRememberedChoices, rememberChoices, REMEMBER_DAYS } from './remembered-choices';

describe('remembered choices', () => {
  it('defaults to contributor and empty fields when nothing is stored', () => {
    expect(readRememberedChoices(() => undefined)).toEqual({
      role: 'contributor',
      githubUsername: '',
      email: '',
    });
  });

  it('ignores a tampered role cookie', () => {
    expect(readRememberedChoices((name) => (name === 'role' ? 'admin' : undefined)).role).toBe(
      'contributor',
    );
  });

  it('round-trips role, GitHub username and email with 30-day Lax cookies on /', () => {
    const store = memoryCookieJar();
    rememberChoices(
      { role: 'maintainer', githubUsername: ' octo ', email: ' o@ex.com ' },
      store.jar,
    );

    expect(readRememberedChoices((name) => readCookie(name, store.jar))).toEqual({
      role: 'maintainer',
      githubUsername: 'octo',
      email: 'o@ex.com',
    });
    expect([...store.values.keys()].sort()).toEqual(['email', 'githubUsername', 'role']);
    expect(store.written).toHaveLength(3);
    for (const cookie of store.written) {
      expect(cookie).toContain(
        `; Max-Age=${String(REMEMBER_DAYS * 24 * 60 * 60)}; Path=/; SameSite=Lax`,
      );
    }
  });

  it('never stores a password and forgets a cleared field', () => {
    const store = memoryCookieJar();
    rememberChoices({ role: 'company', githubUsername: 'octo', email: 'o@ex.com' }, store.jar);
    rememberChoices({ role: 'company', githubUsername: '', email: 'o@ex.com' }, store.jar);

    expect(readCookie('githubUsername', store.jar)).toBeUndefined();
    expect(readCookie('email', store.jar)).toBe('o@ex.com');
    expect([...store.values.keys()].some((name) => /pass|token/i.test(name))).toBe(false);
  });
});
