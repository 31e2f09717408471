import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let contributor: Account;

beforeAll(async () => {
  // A small built web app: the SPA's index and one asset.
  const webDist = mkdtempSync(path.join(tmpdir(), 'openstake-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><head><title>OpenStake</title></head><div id="root"></div>',
  );
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), 'console.log("openstake");');
  app = await buildTestApp({ WEB_DIST: webDist });
  contributor = await createUser(app, 'contributor');
});
afterAll(() => app.close());

// Headers that may differ between two answers to the same request.
const VOLATILE = new Set(['date', 'connection', 'keep-alive']);
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !VOLATILE.has(k)));

describe('HEAD answers like GET, without a body', () => {
  it.each([
    ['the landing page', '/', undefined],
    ['an SPA page', '/contributor/dashboard', undefined],
    ['an SPA page with a query', '/maintainer/org-settings/config?tab=keys', undefined],
    ['a static file', '/assets/app-1a2b.js', undefined],
    ['a public API route', '/api/config', undefined],
    ['a signed-in API route', '/api/user', 'contributor'],
    ['a guarded API route without a session', '/api/user', undefined],
    ['a guarded API route for another role', '/api/maintainer/repositories', 'contributor'],
    ['an unknown API path', '/api/no-such-thing', undefined],
    ['a missing static file', '/assets/missing.js', undefined],
  ] as const)('%s (%s)', async (_name, url, who) => {
    const headers = who ? { cookie: contributor.cookie } : {};
    const get = await app.server.inject({ method: 'GET', url, headers });
    const head = await app.server.inject({ method: 'HEAD', url, headers });
    expect(head.statusCode).toBe(get.statusCode);
    expect(stable(head.headers)).toEqual(stable(get.headers));
    expect(head.body).toBe('');
    expect(get.body).not.toBe('');
  });

  it('keeps guarded routes guarded, and pages as pages', async () => {
    const statuses = await Promise.all(
      [
        { url: '/api/user' },
        { url: '/api/maintainer/repositories', headers: { cookie: contributor.cookie } },
        { url: '/contributor/dashboard' },
        { url: '/' },
      ].map(async (r) => (await app.server.inject({ method: 'HEAD', ...r })).statusCode),
    );
    expect(statuses).toEqual([401, 403, 200, 200]);
  });

  it('over real HTTP too', async () => {
    const base = await listen(app);
    for (const url of ['/', '/contributor/settings', '/api/user']) {
      const get = await fetch(`${base}${url}`);
      const head = await fetch(`${base}${url}`, { method: 'HEAD' });
      expect(head.status).toBe(get.status);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
      expect(await head.text()).toBe('');
      expect((await get.text()).length).toBeGreaterThan(0);
    }
  });
});
