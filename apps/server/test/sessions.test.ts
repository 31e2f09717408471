import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/context';
import { sessions } from '../src/db/schema';
import { SESSION_CACHE_MS } from '../src/modules/auth/session-cache';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const DAY = 86_400_000;

// The app's clock: the tests move it forward.
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({}, { clock });
});
afterAll(() => app.close());
afterEach(() => {
  offsetMs = 0;
});

const me = (account: Account) =>
  app.server.inject({ url: '/api/user', headers: { cookie: account.cookie } });
const lastSeen = async (account: Account) => {
  const [row] = await app.ctx.db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.userId, account.user.id));
  return row!.lastSeenAt.getTime();
};

describe('idle sessions', () => {
  it('end after 7 days without use', async () => {
    const account = await createUser(app, 'contributor');
    offsetMs = 7 * DAY - MINUTE;
    expect((await me(account)).statusCode).toBe(200);
    // Used just now: another 7 days from here.
    offsetMs += 7 * DAY - MINUTE;
    expect((await me(account)).statusCode).toBe(200);
    offsetMs += 7 * DAY + MINUTE;
    const res = await me(account);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue');
  });

  it('still end 30 days after sign-in, however often they are used', async () => {
    const account = await createUser(app, 'maintainer');
    for (let day = 6; day < 30; day += 6) {
      offsetMs = day * DAY;
      expect((await me(account)).statusCode, `day ${String(day)}`).toBe(200);
    }
    offsetMs = 30 * DAY + MINUTE;
    expect((await me(account)).statusCode).toBe(401);
  });

  it('record their use at most every few minutes, not on every request', async () => {
    const account = await createUser(app, 'company');
    const signedIn = await lastSeen(account);
    offsetMs = 4 * MINUTE;
    await me(account);
    await me(account);
    expect(await lastSeen(account)).toBe(signedIn);
    offsetMs = 6 * MINUTE;
    await Promise.all([me(account), me(account), me(account)]);
    const touched = await lastSeen(account);
    expect(touched).toBeGreaterThanOrEqual(signedIn + 6 * MINUTE);
    expect(touched).toBeLessThanOrEqual(clock.now().getTime());
    offsetMs = 8 * MINUTE;
    await me(account);
    expect(await lastSeen(account)).toBe(touched);
  });

  it('a revoked session stays revoked, used or not', async () => {
    const account = await createUser(app, 'contributor');
    await app.server.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie: account.cookie },
    });
    offsetMs = 10 * MINUTE;
    expect((await me(account)).statusCode).toBe(401);
  });

  it('a session revoked on another server is refused here within SESSION_CACHE_MS', async () => {
    const account = await createUser(app, 'contributor');
    expect((await me(account)).statusCode).toBe(200);
    // Another server's logout: the same update revokeSession makes, without this server's cache.
    await app.ctx.db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(eq(sessions.userId, account.user.id));
    offsetMs = SESSION_CACHE_MS;
    expect((await me(account)).statusCode).toBe(401);
  });

  it('a logout here is refused at once, with the token as with the cookie', async () => {
    const account = await createUser(app, 'contributor');
    const bearer = { authorization: `Bearer ${account.token}` };
    expect((await app.server.inject({ url: '/api/user', headers: bearer })).statusCode).toBe(200);
    await app.server.inject({ method: 'POST', url: '/logout', headers: bearer });
    expect((await app.server.inject({ url: '/api/user', headers: bearer })).statusCode).toBe(401);
    expect((await me(account)).statusCode).toBe(401);
  });

  it('shows the GitHub username a link proves at once, though the session was read just before', async () => {
    const account = await createUser(app, 'contributor', { githubUsername: 'Octo-Dev' });
    expect((await me(account)).json().user.githubUsername).toBe('Octo-Dev');
    await linkGithub(await listen(app), account, 'octo-dev');
    expect((await me(account)).json().user.githubUsername).toBe('octo-dev');
  });
});

describe('Cache-Control', () => {
  it('every answer of the API is no-store: signed-in, refused, public and sign-in answers', async () => {
    const account = await createUser(app, 'contributor');
    const requests = [
      () => me(account),
      () => app.server.inject({ url: '/api/user' }),
      () =>
        app.server.inject({
          url: '/api/maintainer/repositories',
          headers: { cookie: account.cookie },
        }),
      () => app.server.inject({ url: '/api/config' }),
      () =>
        app.server.inject({
          method: 'HEAD',
          url: '/api/user',
          headers: { cookie: account.cookie },
        }),
      () =>
        app.server.inject({
          method: 'POST',
          url: '/login',
          payload: {
            role: 'contributor',
            email: account.email,
            password: account.password,
            githubUsername: account.user.githubUsername,
          },
        }),
      () =>
        app.server.inject({ method: 'POST', url: '/logout', headers: { cookie: account.cookie } }),
    ];
    const answers = [];
    for (const request of requests) answers.push(await request());
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 403, 200, 200, 200, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });
});
