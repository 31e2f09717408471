import type { CookieJar } from './cookies';

/**
 * A stand-in for `document.cookie` in tests: it keeps name=value pairs as the browser would
 * (Max-Age=0 deletes) and remembers every string written, attributes included.
 */
export function memoryCookieJar(initial: Record<string, string> = {}) {
  const values = new Map<string, string>(Object.entries(initial));
  const written: string[] = [];
  const jar: CookieJar = {
    read: () => [...values].map(([name, value]) => `${name}=${value}`).join('; '),
    write: (cookie) => {
      written.push(cookie);
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      if (attributes.some((attribute) => attribute.toLowerCase() === 'max-age=0')) {
        values.delete(name);
      } else {
        values.set(name, pair.slice(separator + 1));
      }
    },
  };
  return { jar, values, written };
}
