import type Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';

import { readRememberedChoices, rememberChoices, REMEMBER_DAYS } from './remembered-choices';

function memoryStore() {
  const jar = new Map<string, { value: string; attributes: Cookies.CookieAttributes }>();
  return {
    jar,
    set: (name: string, value: string, attributes: Cookies.CookieAttributes) => {
      jar.set(name, { value, attributes });
    },
    remove: (name: string) => {
      jar.delete(name);
    },
    read: (name: string) => jar.get(name)?.value,
  };
}

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
    const store = memoryStore();
    rememberChoices({ role: 'maintainer', githubUsername: ' octo ', email: ' o@ex.com ' }, store);

    expect(readRememberedChoices(store.read)).toEqual({
      role: 'maintainer',
      githubUsername: 'octo',
      email: 'o@ex.com',
    });
    expect([...store.jar.keys()].sort()).toEqual(['email', 'githubUsername', 'role']);
    for (const { attributes } of store.jar.values()) {
      expect(attributes).toMatchObject({ expires: REMEMBER_DAYS, path: '/', sameSite: 'Lax' });
    }
  });

  it('never stores a password and forgets a cleared field', () => {
    const store = memoryStore();
    rememberChoices({ role: 'company', githubUsername: 'octo', email: 'o@ex.com' }, store);
    rememberChoices({ role: 'company', githubUsername: '', email: 'o@ex.com' }, store);

    expect(store.read('githubUsername')).toBeUndefined();
    expect([...store.jar.keys()].some((name) => /pass|token/i.test(name))).toBe(false);
  });
});
