/**
 * The web app's reader and writer of `document.cookie` (the remembered sign-in choices, the
 * sidebar's state, the issue draft). Names and values are percent-encoded (encodeURIComponent),
 * so any text, commas, semicolons and spaces included, round-trips; a value another writer left
 * unencoded is read as it is. The jar is a parameter so tests can stand in for the browser.
 */
export interface CookieJar {
  /** What `document.cookie` reads: 'a=1; b=2'. */
  read: () => string;
  /** What assigning `document.cookie` does: set (or, with Max-Age=0, delete) one cookie. */
  write: (cookie: string) => void;
}

export const browserCookieJar: CookieJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (cookie) => {
    if (typeof document !== 'undefined') document.cookie = cookie;
  },
};

/** For CookieOptions.maxAgeSeconds. */
export const DAY_SECONDS = 24 * 60 * 60;

export interface CookieOptions {
  maxAgeSeconds: number;
  path: string;
  sameSite?: 'Lax' | 'Strict';
  /** Defaults to whether the page itself is served over HTTPS. */
  secure?: boolean;
}

const isHttps = (): boolean => typeof location !== 'undefined' && location.protocol === 'https:';

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `Max-Age=${String(Math.max(0, Math.floor(options.maxAgeSeconds)))}`,
    `Path=${options.path}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.secure ?? isHttps()) parts.push('Secure');
  return parts.join('; ');
}

/** Reads one cookie by name: readCookie, or a stand-in (a test's, or nothing while hydrating). */
export type ReadCookie = (name: string) => string | undefined;

/** The decoded value of the cookie `name`, or undefined when it is absent or garbled. */
export function readCookie(name: string, jar: CookieJar = browserCookieJar): string | undefined {
  const wanted = encodeURIComponent(name);
  for (const pair of jar.read().split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== wanted) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      // A value someone else wrote without encoding it: treat it as not there.
      return undefined;
    }
  }
  return undefined;
}

export function writeCookie(
  name: string,
  value: string,
  options: CookieOptions,
  jar: CookieJar = browserCookieJar,
): void {
  jar.write(serializeCookie(name, value, options));
}

/** Deletes the cookie set on `path` (a cookie is only replaced or deleted on its own path). */
export function removeCookie(
  name: string,
  options: Pick<CookieOptions, 'path' | 'sameSite' | 'secure'>,
  jar: CookieJar = browserCookieJar,
): void {
  jar.write(serializeCookie(name, '', { ...options, maxAgeSeconds: 0 }));
}
