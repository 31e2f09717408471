/**
 * Helpers for tests that go through the simulator's OAuth pages over real HTTP, as a browser
 * would: a cookie-keeping client and the person who approves on the authorize page.
 */

/** A tiny cookie jar, so OAuth round trips run over real HTTP like a browser's. */
export class Browserish {
  private cookies = new Map<string, string>();

  constructor(cookie?: string) {
    if (cookie) this.store([cookie]);
  }

  private store(setCookies: string[]) {
    for (const c of setCookies) {
      const pair = c.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
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

/**
 * Does what a person does on the simulator's authorize page: loads it, picks the GitHub account
 * and presses Authorize (or Cancel). Returns the URL GitHub sends the browser back to.
 */
export async function approveOnSim(
  authorizeUrl: string,
  login: string,
  decision: 'approve' | 'cancel',
): Promise<string> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (!html.includes('Authorize OpenStake (demo)'))
    throw new Error(`not the authorize page: ${html.slice(0, 200)}`);
  const form = new URLSearchParams();
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    form.set(
      name,
      value
        .replaceAll('&amp;', '&')
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>'),
    );
  }
  form.set('login', login);
  form.set('decision', decision === 'approve' ? 'authorize' : 'cancel');
  const submitted = await fetch(new URL('/login/oauth/authorize', authorizeUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const location = submitted.headers.get('location');
  if (submitted.status !== 302 || !location)
    throw new Error(`authorize did not redirect: ${submitted.status} ${await submitted.text()}`);
  return location;
}
