import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@openstake/core';
import { createApp } from '../src/app';
import { loadConfig } from '../src/env';
import { createUser, uniqueEmail, type Account } from './helpers/factories';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'openstake-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><head></head><div id="root">OpenStake SPA</div>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log("app")');
  app = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(() => app.close());

describe('role guards declared on the routes', () => {
  const accounts = {} as Record<Role, Account>;
  beforeAll(async () => {
    for (const role of ['contributor', 'maintainer', 'company'] as const)
      accounts[role] = await createUser(app, role);
  });

  // One route of each role, spelled as written and as an attacker would spell it: the router
  // decodes the path before the guard reads the route's declared role, so every spelling is guarded.
  const routes: [string, Role][] = [
    ['/api/contributor/stakes', 'contributor'],
    ['/api/maintainer/balance', 'maintainer'],
  ];
  const encodedFirstLetter = (url: string) => {
    const [, area = '', rest = ''] = /^\/api\/([a-z])(.*)$/.exec(url) ?? [];
    return `/api/%${area.charCodeAt(0).toString(16)}${rest}`;
  };
  const variants = (url: string) => [
    url,
    encodedFirstLetter(url),
    url.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  ];

  it.each(routes)('%s answers 401 without a session, however it is spelled', async (url) => {
    for (const spelled of variants(url)) {
      const res = await app.server.inject({ url: spelled });
      expect(res.statusCode, spelled).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it.each(routes)(
    '%s answers 403 to every other role, however it is spelled',
    async (url, role) => {
      for (const other of (['contributor', 'maintainer', 'company'] as const).filter(
        (r) => r !== role,
      )) {
        for (const spelled of variants(url)) {
          const res = await app.server.inject({
            url: spelled,
            headers: { authorization: `Bearer ${accounts[other].token}` },
          });
          expect(res.statusCode, `${other} ${spelled}`).toBe(403);
          expect(res.json().message).toBe(`This area is only for ${role} accounts`);
        }
      }
    },
  );

  it.each(routes)(
    '%s lets its own role in with the bearer scheme in any case',
    async (url, role) => {
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        const res = await app.server.inject({
          url,
          headers: { authorization: `${scheme} ${accounts[role].token}` },
        });
        expect(res.statusCode, scheme).toBe(200);
      }
    },
  );

  it('a path that matches no route answers 404 to everyone, in any area', async () => {
    for (const url of ['/api/contributor/no-such-route', '/api/maintainer/no-such-route']) {
      for (const headers of [{}, { cookie: accounts.maintainer.cookie }]) {
        const res = await app.server.inject({ method: 'POST', url, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    }
  });
});

describe('system routes', () => {
  it('GET /api/health reports the database as up', async () => {
    const res = await app.server.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'up',
      engine: expect.stringMatching(/pglite|postgres/),
    });
  });

  it('unknown /api paths answer a JSON 404', async () => {
    const res = await app.server.inject({ url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'No route for GET /api/does-not-exist',
    });
  });

  it('serves OpenAPI generated from the route schemas at /api/docs', async () => {
    const ui = await app.server.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.body).toContain('swagger');
    const doc = (await app.server.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const register = doc.paths['/register'].post;
    expect(register.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
    expect(register.requestBody.content['application/json'].schema.properties.role.enum).toEqual([
      'contributor',
      'maintainer',
      'company',
    ]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/login', '/logout', '/api/user', '/api/health']),
    );
  });

  it('sends security headers', async () => {
    const res = await app.server.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends no referrer from the pages whose address carries a mailed link', async () => {
    // The token of /reset-password?token=… and /verify-email?token=… stays in the address after
    // use: a link followed from the page must not carry it to another site (decision 017).
    for (const url of ['/reset-password?token=abc', '/verify-email?token=abc']) {
      const res = await app.server.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('the built web app', () => {
  it.each(['/', '/login', '/contributor/dashboard', '/maintainer/anything/deep', '/no/such/page'])(
    'GET %s serves index.html so the client router decides',
    async (url) => {
      const res = await app.server.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('OpenStake SPA');
    },
  );

  it('serves built assets, and a JSON 404 for a missing file', async () => {
    const js = await app.server.inject({ url: '/assets/app-123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    const missing = await app.server.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });
});

describe('cross-site requests', () => {
  const login = (headers: Record<string, string>) =>
    app.server.inject({
      method: 'POST',
      url: '/login',
      headers,
      payload: { role: 'company', email: uniqueEmail(), password: 'x' },
    });

  it('refuses a state change sent by a browser from another site', async () => {
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await login(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Cross-site requests are not allowed');
    }
  });

  it('accepts same-origin browser requests and API clients without those headers', async () => {
    expect(
      (
        await login({
          'sec-fetch-site': 'same-origin',
          origin: 'http://localhost:3000',
          host: 'localhost:3000',
        })
      ).statusCode,
    ).toBe(401);
    expect((await login({})).statusCode).toBe(401);
  });
});

describe('failures', () => {
  it('a database failure gives a 500 without internals, logged on the server', async () => {
    const broken = await buildTestApp();
    await broken.ctx.database.close();
    const res = await broken.server.inject({
      method: 'POST',
      url: '/login',
      payload: { role: 'company', email: uniqueEmail(), password: 'password-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toMatch(/at |stack|pglite|postgres/i);
    expect(broken.takeErrorLogs()).toHaveLength(1);
    const health = await broken.server.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'down' });
    // Its database is already closed; closing the rest must not fail the test.
    await broken.close().catch(() => undefined);
  });
});

describe('where GitHub is', () => {
  const base = {
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openstake-test-')),
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    ENCRYPTION_KEY: 'a'.repeat(64),
  };

  it('the app does not start a simulator itself: demo mode without one refuses to build', async () => {
    await expect(createApp({ config: loadConfig(base) })).rejects.toThrow(/startDemoGithub/);
  });

  it('with GitHub settings, the app reaches the configured GitHub', async () => {
    const configured = await buildTestApp({
      GITHUB_CLIENT_ID: 'client',
      GITHUB_CLIENT_SECRET: 'secret',
      GITHUB_API_URL: 'http://127.0.0.1:9/api',
    });
    try {
      expect(configured.githubSim).toBeUndefined();
      expect(configured.ctx.github.config.apiUrl).toBe('http://127.0.0.1:9/api');
    } finally {
      await configured.close();
    }
  });

  it('in demo mode the test app, like main.ts, points the app at the simulator it started', () => {
    expect(app.ctx.github.config.apiUrl).toBe(app.githubSim?.apiUrl);
  });
});
