import type { TestApp } from './test-app';

/** A tiny cookie jar, so OAuth round trips run over real HTTP like a browser's. */
export class Browserish {
  private cookies = new Map<string, string>();

  constructor(cookie?: string) {
    if (cookie) this.store([cookie]);
  }

  private store(setCookies: string[]) {
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** One request without following redirects; cookies for our origin are kept. */
  async fetch(url: string, init: RequestInit = {}, withCookies = true): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        ...(withCookies && this.cookies.size ? { cookie: this.header() } : {}),
      },
    });
    if (withCookies) this.store(res.headers.getSetCookie());
    return res;
  }
}

export async function listen(app: TestApp): Promise<string> {
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}
