import { describe, expect, it } from 'vitest';

import { readCookie, removeCookie, serializeCookie, writeCookie } from './cookies';
import { memoryCookieJar } from './memory-cookie-jar';

describe('serializeCookie', () => {
  it('percent-encodes the value and sets Max-Age, Path and SameSite=Lax', () => {
    expect(
      serializeCookie('draft', 'a; b=c, d', {
        maxAgeSeconds: 60,
        path: '/maintainer',
        secure: false,
      }),
    ).toBe('draft=a%3B%20b%3Dc%2C%20d; Max-Age=60; Path=/maintainer; SameSite=Lax');
  });

  it('adds Secure when asked', () => {
    expect(serializeCookie('a', '1', { maxAgeSeconds: 1, path: '/', secure: true })).toMatch(
      /; Secure$/,
    );
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    const { jar } = memoryCookieJar({ other: 'x', draft: 'good%20first%20issue%20%F0%9F%90%9B' });
    expect(readCookie('draft', jar)).toBe('good first issue 🐛');
  });

  it('does not match a cookie whose name only starts the same', () => {
    const { jar } = memoryCookieJar({ draftX: '1' });
    expect(readCookie('draft', jar)).toBeUndefined();
  });

  it('treats a value that is not valid percent-encoding as absent', () => {
    const { jar } = memoryCookieJar({ draft: '%E0%A4%A' });
    expect(readCookie('draft', jar)).toBeUndefined();
  });

  it('keeps an = inside the value', () => {
    const { jar } = memoryCookieJar({ draft: 'a=b' });
    expect(readCookie('draft', jar)).toBe('a=b');
  });
});

describe('writeCookie and removeCookie', () => {
  it('round-trips any text and deletes with Max-Age=0 on the same path', () => {
    const store = memoryCookieJar();
    const options = { maxAgeSeconds: 100, path: '/maintainer', secure: false };
    writeCookie('title', 'Fix #12; then 50% more', options, store.jar);
    expect(readCookie('title', store.jar)).toBe('Fix #12; then 50% more');

    removeCookie('title', { path: '/maintainer', secure: false }, store.jar);
    expect(readCookie('title', store.jar)).toBeUndefined();
    expect(store.written.at(-1)).toBe('title=; Max-Age=0; Path=/maintainer; SameSite=Lax');
  });
});
