import { createHash, randomBytes } from 'node:crypto';
import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates } from '../src/db/schema';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let base: string;
let octo: Account;

beforeAll(async () => {
  app = await buildTestApp();
  base = await listen(app);
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
});
afterAll(() => app.close());

const REFUSED = {
  success: false,
  code: 'BAD_REQUEST',
  message: 'returnTo: Must be a page of OpenStake, such as /contributor/settings',
  field: 'returnTo',
};

/** Where a browser would go: a Location that stays on this site is a path, never '//' or '/\'. */
function expectOnThisSite(location: string | null): URL {
  expect(location).toMatch(/^\/(?![/\\])/);
  const url = new URL(location!, base);
  expect(url.origin).toBe(base);
  return url;
}

const stateRows = async () => (await app.ctx.db.select({ n: count() }).from(oauthStates))[0]!.n;

/** The OAuth round trip from /api/github/connect, approved or cancelled on GitHub. */
async function roundTrip(query: string, decision: 'approve' | 'cancel'): Promise<URL> {
  const jar = new Browserish(octo.cookie);
  const start = await jar.fetch(`${base}/api/github/connect${query}`);
  expect(start.status).toBe(302);
  const callback = await approveOnSim(start.headers.get('location')!, 'octo-dev', decision);
  const back = await jar.fetch(callback);
  expect(back.status).toBe(302);
  return expectOnThisSite(back.headers.get('location'));
}

describe('returnTo of Connect GitHub', () => {
  // Each as it arrives in the query string, already percent-encoded where a browser would.
  it.each([
    '%2F.%2F%2Fevil.example', // '/.//evil.example', which URL parsing turns into '//evil.example'
    '//evil.example',
    '/\\evil.example',
    '%2F%5Cevil.example',
    '/%252F%252Fevil.example', // '/%2F%2Fevil.example'
    '/%252fevil.example',
    '/./\\evil',
    'https://evil.example',
    'https:evil.example',
    '/contributor/../..//evil.example',
    '/contributor/%2E%2E/%2E%2E//evil.example',
    '/contributor/settings/..//evil.example',
    '/%09/evil.example', // a tab, which browsers drop from URLs
    '%09//evil.example',
    '/contributor/%0A/evil.example',
    '/contributor/settings%0D%0A',
    '/contributor/settings%3Fnext%3D//evil.example',
    '/contributor/settings%23//evil.example',
    'javascript:alert(1)',
    '/no-such-page',
    '',
  ])('refuses returnTo=%s with a 400, before going to GitHub', async (raw) => {
    const before = await stateRows();
    const res = await fetch(`${base}/api/github/connect?returnTo=${raw}`, {
      redirect: 'manual',
      headers: { cookie: octo.cookie },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.json()).toEqual(REFUSED);
    expect(await stateRows()).toBe(before);
  });

  it.each(['approve', 'cancel'] as const)(
    'a page, once normalised, is where the browser lands after %s on GitHub',
    async (decision) => {
      for (const returnTo of ['/contributor/./settings', '/contributor/profile/../settings']) {
        const landed = await roundTrip(`?returnTo=${encodeURIComponent(returnTo)}`, decision);
        expect(landed.pathname).toBe('/contributor/settings');
        expect(landed.searchParams.get('github')).toBe(
          decision === 'approve' ? 'connected' : 'error',
        );
      }
      const other = await roundTrip(
        `?returnTo=${encodeURIComponent('/maintainer/repo/openstake-labs/.github/prs')}`,
        decision,
      );
      expect(other.pathname).toBe('/maintainer/repo/openstake-labs/.github/prs');
    },
  );

  it.each(['approve', 'cancel'] as const)(
    "without returnTo the browser lands on the user's dashboard after %s",
    async (decision) => {
      expect((await roundTrip('', decision)).pathname).toBe('/contributor/dashboard');
    },
  );

  it.each(['approve', 'cancel'] as const)(
    'a stored returnTo that is not a page is never followed after %s',
    async (decision) => {
      // As if a bad value had reached the table: the callback checks it again when reading it.
      const jar = new Browserish(octo.cookie);
      const start = await jar.fetch(`${base}/api/github/connect`);
      const state = randomBytes(32).toString('base64url');
      const nonce = randomBytes(32).toString('base64url');
      const hash = (v: string) => createHash('sha256').update(v).digest('base64url');
      await app.ctx.db.insert(oauthStates).values({
        stateHash: hash(state),
        nonceHash: hash(nonce),
        intent: { purpose: 'link', userId: octo.user.id, returnTo: '/.//evil.example' },
        expiresAt: new Date(Date.now() + 60_000),
      });
      const authorize = new URL(start.headers.get('location')!);
      authorize.searchParams.set('state', state);
      const callback = await approveOnSim(authorize.toString(), 'octo-dev', decision);
      const back = await fetch(callback, {
        redirect: 'manual',
        headers: { cookie: `${octo.cookie}; openstake_oauth=${nonce}` },
      });
      const landed = expectOnThisSite(back.headers.get('location'));
      expect(landed.pathname).toBe('/login');
      expect(landed.searchParams.get('github')).toBe('error');
    },
  );
});
