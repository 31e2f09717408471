import { createHash } from 'node:crypto';
import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/context';
import { githubAccounts, oauthStates, sessions } from '../src/db/schema';
import { consumeOAuthState, createOAuthState } from '../src/modules/github/oauth-state';
import { createUser } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { buildTestApp, type TestApp } from './helpers/test-app';

// The app's clock, moved forward by the tests.
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

let app: TestApp;
let base: string;
beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  base = await listen(app);
});
afterAll(() => app.close());

const EXPIRED = 'The GitHub sign-in link expired or was already used. Please try again.';
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const intent = { purpose: 'link' as const, userId: 'u1', returnTo: '/contributor/dashboard' };

describe('the OAuth state', () => {
  it('is random and opaque; only hashes of it and of the nonce are stored', async () => {
    const { state, nonce } = await createOAuthState(intent, app.ctx);
    expect(state).toMatch(/^[\w-]{43}$/); // 32 random bytes, no readable payload
    expect(state).not.toContain(nonce);
    const rows = await app.ctx.db.select().from(oauthStates);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(state);
    expect(stored).not.toContain(nonce);
    const row = rows.find((r) => r.stateHash === sha256(state));
    expect(row).toMatchObject({ nonceHash: sha256(nonce), intent, consumedAt: null });
  });

  it('is consumed once, by the browser holding the nonce', async () => {
    const { state, nonce } = await createOAuthState(intent, app.ctx);
    // Another browser's nonce, or none, is refused and does not use the state up.
    await expect(consumeOAuthState(state, 'another-browser', app.ctx)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: EXPIRED,
    });
    await expect(consumeOAuthState(state, undefined, app.ctx)).rejects.toMatchObject({
      message: EXPIRED,
    });
    expect(await consumeOAuthState(state, nonce, app.ctx)).toEqual(intent);
    // A replay is refused.
    await expect(consumeOAuthState(state, nonce, app.ctx)).rejects.toMatchObject({
      message: EXPIRED,
    });
  });

  it('refuses a forged state and a missing one', async () => {
    const { state, nonce } = await createOAuthState(intent, app.ctx);
    for (const forged of [`${state}x`, state.slice(1), '', undefined]) {
      await expect(consumeOAuthState(forged, nonce, app.ctx)).rejects.toMatchObject({
        message: EXPIRED,
      });
    }
  });

  it('works for exactly one of several requests consuming it at once', async () => {
    const { state, nonce } = await createOAuthState(intent, app.ctx);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => consumeOAuthState(state, nonce, app.ctx)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('expires after ten minutes, and expired rows are cleared by later round trips', async () => {
    const { state, nonce } = await createOAuthState(intent, app.ctx);
    offsetMs = 10 * 60_000 + 1_000;
    try {
      await expect(consumeOAuthState(state, nonce, app.ctx)).rejects.toMatchObject({
        message: EXPIRED,
      });
      await createOAuthState(intent, app.ctx);
      const left = await app.ctx.db.select().from(oauthStates);
      // Every row left is the one just made: the expired ones (consumed or not) are gone.
      expect(left).toHaveLength(1);
      expect(left[0]!.expiresAt.getTime()).toBeGreaterThan(clock.now().getTime());
    } finally {
      offsetMs = 0;
    }
  });
});

describe('the OAuth callback over HTTP', () => {
  /**
   * Starts a round trip in `jar` and approves it on GitHub twice: two callbacks with one state
   * and two fresh codes (a code is single-use at GitHub, so only a new code can replay a state).
   * Returns them and the browser's cookies, nonce included.
   */
  async function approvedTwice(jar: Browserish, start: string, login: string) {
    const first = await jar.fetch(`${base}${start}`);
    const authorize = first.headers.get('location')!;
    const callbacks = [
      await approveOnSim(authorize, login, 'approve'),
      await approveOnSim(authorize, login, 'approve'),
    ] as const;
    expect(new URL(callbacks[0]).searchParams.get('code')).not.toBe(
      new URL(callbacks[1]).searchParams.get('code'),
    );
    return { callbacks, cookies: jar.header() };
  }

  it('refuses a replayed state, even with the nonce cookie and a fresh code, changing nothing', async () => {
    const mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
    const jar = new Browserish(mia.cookie);
    const { callbacks, cookies } = await approvedTwice(
      jar,
      '/api/github/connect',
      'mia-maintainer',
    );
    const first = await jar.fetch(callbacks[0]);
    expect(new URL(first.headers.get('location')!, base).searchParams.get('github')).toBe(
      'connected',
    );
    const linked = await app.ctx.db
      .select()
      .from(githubAccounts)
      .where(eq(githubAccounts.userId, mia.user.id));

    const replay = await fetch(callbacks[1], { redirect: 'manual', headers: { cookie: cookies } });
    const landed = new URL(replay.headers.get('location')!, base);
    expect(landed.searchParams.get('github')).toBe('error');
    expect(landed.searchParams.get('message')).toBe(EXPIRED);
    expect(
      await app.ctx.db.select().from(githubAccounts).where(eq(githubAccounts.userId, mia.user.id)),
    ).toEqual(linked);
  });

  it('a replayed sign-in state opens no second session', async () => {
    const fay = await createUser(app, 'maintainer', { githubUsername: 'frontend-fay' });
    const linkJar = new Browserish(fay.cookie);
    const first = await linkJar.fetch(`${base}/api/github/connect`);
    await linkJar.fetch(
      await approveOnSim(first.headers.get('location')!, 'frontend-fay', 'approve'),
    );

    const jar = new Browserish();
    const { callbacks, cookies } = await approvedTwice(jar, '/api/github/signin', 'frontend-fay');
    const signedIn = await jar.fetch(callbacks[0]);
    expect(signedIn.headers.get('location')).toBe('/maintainer/dashboard');
    const sessionsBefore = await app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, fay.user.id));

    const replay = await fetch(callbacks[1], { redirect: 'manual', headers: { cookie: cookies } });
    expect(new URL(replay.headers.get('location')!, base).pathname).toBe('/login');
    expect(replay.headers.getSetCookie().filter((c) => /^openstake_session=[^;]/.test(c))).toEqual(
      [],
    );
    expect(
      await app.ctx.db.select().from(sessions).where(eq(sessions.userId, fay.user.id)),
    ).toHaveLength(sessionsBefore.length);
  });

  it("refuses a callback carried to another browser, which keeps the first browser's link working", async () => {
    const sam = await createUser(app, 'contributor', { githubUsername: 'sam-rustacean' });
    const jar = new Browserish(sam.cookie);
    const start = await jar.fetch(`${base}/api/github/connect`);
    const callback = await approveOnSim(start.headers.get('location')!, 'sam-rustacean', 'approve');
    const elsewhere = new Browserish(sam.cookie); // signed in, but without the nonce cookie
    const stolen = await elsewhere.fetch(callback);
    expect(new URL(stolen.headers.get('location')!, base).searchParams.get('message')).toBe(
      EXPIRED,
    );
    const own = await jar.fetch(callback);
    expect(new URL(own.headers.get('location')!, base).searchParams.get('github')).toBe(
      'connected',
    );
  });
});

describe('request logs', () => {
  it('never hold the code or the state of a whole link round trip', async () => {
    const octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
    const jar = new Browserish(octo.cookie);
    const start = await jar.fetch(`${base}/api/github/connect?returnTo=/contributor/settings`);
    const authorize = start.headers.get('location')!;
    const state = new URL(authorize).searchParams.get('state')!;
    const callback = new URL(await approveOnSim(authorize, 'octo-dev', 'approve'));
    const code = callback.searchParams.get('code')!;
    expect(callback.searchParams.get('state')).toBe(state);
    const back = await jar.fetch(callback.toString());
    expect(back.headers.get('location')).toBe('/contributor/settings?github=connected');

    const logs = app.rawLogs();
    // The callback's request is logged, with both values replaced...
    expect(logs).toContain('"url":"/api/github/callback?code=[redacted]&state=[redacted]"');
    // ...and neither value appears anywhere, in any encoding.
    for (const secret of [code, state]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(encodeURIComponent(secret));
    }
  });
});
