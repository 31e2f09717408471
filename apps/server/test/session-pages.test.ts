import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PRERENDERED_DIR, RENDER_ENTRY, SESSION_PAGES_FILE } from '@openstake/core';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../src/db/schema';
import { createUser } from './helpers/factories';
import { buildTestApp, type TestApp } from './helpers/test-app';

// A web build as apps/web/build/prerender.ts leaves it for the session pages: their list, each
// page with an empty root, and the app built for Node. The app here is a stand-in that writes
// down what the server asked it to render (the real one is rendered in e2e/prerender.e2e.ts):
// the server's side of the contract is what this file holds.
const shell = '<!doctype html><head><title>OpenStake</title></head><div id="root"></div>';
const sessionShell =
  '<!doctype html><head><title>OpenStake</title><script src="/assets/boot.js"></script></head><div id="root"></div>';
const renderer = `
export async function renderPage(url, config, user) {
  if (url.includes('broken')) throw new Error('the page could not render');
  return '<main data-asked="' + encodeURIComponent(JSON.stringify({ url, config, user })) + '">Signed in</main>';
}
`;

/** The limit of rendered pages per account a minute, small here to reach it quickly. */
const RENDERS_PER_MINUTE = 5;

let app: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'openstake-web-'));
  writeFileSync(path.join(webDist, 'index.html'), shell);
  const pages = path.join(webDist, PRERENDERED_DIR);
  mkdirSync(path.dirname(path.join(pages, RENDER_ENTRY)), { recursive: true });
  writeFileSync(path.join(pages, RENDER_ENTRY), renderer);
  writeFileSync(path.join(pages, 'contributor-dashboard.session.html'), sessionShell);
  writeFileSync(
    path.join(pages, SESSION_PAGES_FILE),
    JSON.stringify([
      {
        path: '/contributor/dashboard',
        role: 'contributor',
        file: 'contributor-dashboard.session.html',
      },
    ]),
  );
  app = await buildTestApp({
    WEB_DIST: webDist,
    SESSION_PAGE_RENDERS_PER_MINUTE: String(RENDERS_PER_MINUTE),
  });
});
afterAll(() => app.close());

const open = (url: string, headers: Record<string, string> = {}) =>
  app.server.inject({ url, headers });

/** The body as the browser reads it. */
const decoded = (res: LightMyRequestResponse): string =>
  (res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.rawPayload)
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.rawPayload)
      : res.rawPayload
  ).toString();

/** What the stand-in renderer was asked for, read back from the page. */
function asked(page: string): { url: string; config: unknown; user: unknown } {
  const [, data] =
    /<div id="root"><main data-asked="([^"]*)">Signed in<\/main><\/div>/.exec(page) ?? [];
  if (data === undefined) throw new Error(`not a rendered page: ${page}`);
  return JSON.parse(decodeURIComponent(data)) as { url: string; config: unknown; user: unknown };
}

/** The data block `id` of a page's head, parsed. */
function dataBlock(page: string, id: string): unknown {
  const [, json] =
    new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(page) ?? [];
  return json === undefined ? undefined : JSON.parse(json);
}

const apiConfig = async () => (await open('/api/config')).json<{ data: unknown }>().data;
const apiUser = async (cookie: string) =>
  (await open('/api/user', { cookie })).json<{ user: unknown }>().user;

describe('the contributor dashboard arrives rendered for its contributor', () => {
  it("rendered for the session's own user, at the address asked for, with the configuration", async () => {
    const contributor = await createUser(app, 'contributor');
    const res = await open('/contributor/dashboard?tab=stakes', { cookie: contributor.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
    const page = decoded(res);
    const user = await apiUser(contributor.cookie);
    expect(user).toMatchObject({ email: contributor.email, role: 'contributor' });
    expect(asked(page)).toEqual({
      url: '/contributor/dashboard?tab=stakes',
      config: await apiConfig(),
      user,
    });
    // The app's first render reads both from the head: the same user, the same configuration.
    expect(dataBlock(page, 'openstake-session-user')).toEqual(user);
    expect(dataBlock(page, 'openstake-config')).toEqual(await apiConfig());
    // The page's own head and script stay as the build made them.
    expect(page).toContain('<script src="/assets/boot.js"></script>');
  });

  it('is never stored, and is one per session', async () => {
    const contributor = await createUser(app, 'contributor');
    const res = await open('/contributor/dashboard', { cookie: contributor.cookie });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(res.headers.etag).toBeUndefined();
    const other = await createUser(app, 'contributor');
    const theirs = decoded(await open('/contributor/dashboard', { cookie: other.cookie }));
    expect(asked(theirs).user).toMatchObject({ email: other.email });
    expect(asked(decoded(res)).user).toMatchObject({ email: contributor.email });
  });

  it('is compressed for a browser that accepts it', async () => {
    const { cookie } = await createUser(app, 'contributor');
    const plain = await open('/contributor/dashboard', { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const res = await open('/contributor/dashboard', { cookie, 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decoded(res)).toBe(plain.body);
    }
  });

  it('anyone but a signed-in contributor gets the empty page, as every other path', async () => {
    const empty = decoded(await open('/contributor/settings'));
    expect(empty).toContain('<div id="root"></div>');
    const maintainer = await createUser(app, 'maintainer');
    const company = await createUser(app, 'company');
    const contributor = await createUser(app, 'contributor');
    const asked: Record<string, string>[] = [
      {},
      { cookie: maintainer.cookie },
      { cookie: company.cookie },
      { cookie: `${contributor.cookie}x` },
    ];
    for (const headers of asked) {
      const res = await open('/contributor/dashboard', headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(empty);
      expect(res.body).not.toContain('openstake-session-user');
    }
  });

  it('however its path is spelled: encoded, it is the same page; with extra slashes, the empty one', async () => {
    const contributor = await createUser(app, 'contributor');
    const cookie = { cookie: contributor.cookie };
    const encoded = decoded(await open('/contributor/%64ashboard', cookie));
    expect(asked(encoded).user).toMatchObject({ email: contributor.email });
    const empty = decoded(await open('/contributor/settings'));
    for (const url of ['//contributor//dashboard', '/contributor/dashboard/']) {
      expect(decoded(await open(url, cookie))).toBe(empty);
    }
  });

  it('a bearer that is no session (an API key) gets the empty page, whatever the cookie', async () => {
    const contributor = await createUser(app, 'contributor');
    const res = await open('/contributor/dashboard', {
      authorization: 'Bearer osk_0123456789abcdef0123456789abcdef',
      cookie: contributor.cookie,
    });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(contributor.email);
  });

  it('is a page, not part of the API: the OpenAPI document leaves it out', async () => {
    const doc = (await open('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/contributor/dashboard');
    expect(Object.keys(doc.paths)).toContain('/api/user');
  });

  it('after sign-out the same cookie gets the empty page', async () => {
    const contributor = await createUser(app, 'contributor');
    expect(decoded(await open('/contributor/dashboard', { cookie: contributor.cookie }))).toContain(
      'Signed in',
    );
    const out = await app.server.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie: contributor.cookie },
    });
    expect(out.statusCode).toBe(200);
    const after = decoded(await open('/contributor/dashboard', { cookie: contributor.cookie }));
    expect(after).toContain('<div id="root"></div>');
    expect(after).not.toContain(contributor.email);
  });

  it('past its limit a minute an account gets the empty page; other accounts still get theirs', async () => {
    const contributor = await createUser(app, 'contributor');
    const cookie = { cookie: contributor.cookie };
    const counters = async () =>
      (await app.ctx.db.select({ n: count() }).from(rateLimitCounters))[0]!.n;
    const countersBefore = await counters();
    for (let i = 0; i < RENDERS_PER_MINUTE; i += 1) {
      expect(asked(decoded(await open('/contributor/dashboard', cookie))).user).toMatchObject({
        email: contributor.email,
      });
    }
    const limited = await open('/contributor/dashboard', cookie);
    expect(limited.statusCode).toBe(200);
    expect(decoded(limited)).toBe(decoded(await open('/contributor/settings')));
    // The budget guards this server's own thread: counted in its memory, not in the database.
    expect(await counters()).toBe(countersBefore);
    // The API is not limited by it, and another contributor's page is still rendered.
    expect(await apiUser(contributor.cookie)).toMatchObject({ email: contributor.email });
    const other = await createUser(app, 'contributor');
    const theirs = decoded(await open('/contributor/dashboard', { cookie: other.cookie }));
    expect(asked(theirs).user).toMatchObject({ email: other.email });
  });

  it('a page that fails to render is sent empty, for the app to render, and the failure logged', async () => {
    const { cookie } = await createUser(app, 'contributor');
    const res = await open('/contributor/dashboard?broken', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('openstake-session-user');
    expect(app.takeErrorLogs()).toEqual([
      expect.objectContaining({
        msg: 'Rendering a session page failed',
        page: '/contributor/dashboard',
      }),
    ]);
  });

  it('the renderer and the list are not files of their own', async () => {
    for (const url of [
      '/.prerendered/render/prerender.mjs',
      '/.prerendered/session-pages.json',
      '/.prerendered/contributor-dashboard.session.html',
    ]) {
      expect((await open(url)).statusCode).toBe(404);
    }
  });
});
