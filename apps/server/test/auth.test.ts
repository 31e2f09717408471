import { MAINTAINER_STARTING_COINS } from '@openstake/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { transfers, users } from '../src/db/schema';
import { getBalance, walletOf } from '../src/modules/ledger/accounts';
import { createUser, uniqueEmail, uniqueLogin } from './helpers/factories';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.server.inject({ method: 'POST', url, payload: payload as object, headers });

const userCount = async () => (await app.ctx.db.select({ n: count() }).from(users))[0]!.n;

describe('POST /register', () => {
  it('creates a contributor and grants 100 coins from the mint exactly once', async () => {
    const email = uniqueEmail();
    const res = await post('/register', {
      role: 'contributor',
      email,
      password: 'correct horse',
      githubUsername: 'octo-cat',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'User registered successfully' });
    expect(body.user).toEqual({
      id: expect.any(String),
      email,
      role: 'contributor',
      githubUsername: 'octo-cat',
      createdAt: expect.any(String),
    });
    expect(await getBalance(app.ctx.db, walletOf(body.user.id))).toBe(100);
    const grants = await app.ctx.db
      .select()
      .from(transfers)
      .where(eq(transfers.reference, body.user.id));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ kind: 'signup_grant', amount: 100 });
  });

  it('gives maintainers their starting coins for bounties, companies none and no GitHub username', async () => {
    const maintainer = await post('/register', {
      role: 'maintainer',
      email: uniqueEmail(),
      password: 'password-1',
      githubUsername: uniqueLogin(),
    });
    const company = await post('/register', {
      role: 'company',
      email: uniqueEmail(),
      password: 'password-1',
      githubUsername: 'ignored',
    });
    expect(maintainer.statusCode).toBe(201);
    expect(company.statusCode).toBe(201);
    expect(company.json().user.githubUsername).toBeNull();
    expect(await getBalance(app.ctx.db, walletOf(maintainer.json().user.id))).toBe(
      MAINTAINER_STARTING_COINS,
    );
    expect(await getBalance(app.ctx.db, walletOf(company.json().user.id))).toBe(0);
  });

  it('normalises the email and refuses a duplicate, whatever its case, with 409', async () => {
    const email = uniqueEmail();
    const first = await post('/register', {
      role: 'company',
      email: `  ${email.toUpperCase()} `,
      password: 'password-1',
    });
    expect(first.json().user.email).toBe(email);
    const before = await userCount();
    const again = await post('/register', {
      role: 'contributor',
      email,
      password: 'password-2',
      githubUsername: 'someone',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
      field: 'email',
    });
    expect(await userCount()).toBe(before);
  });

  it('never returns or stores the password in clear', async () => {
    const email = uniqueEmail();
    const res = await post('/register', { role: 'company', email, password: 'my-secret-pass' });
    expect(res.body).not.toContain('my-secret-pass');
    expect(res.body).not.toMatch(/hash/i);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('bad input changes nothing and gets a clear 4xx', () => {
  const good = () => ({
    role: 'contributor',
    email: uniqueEmail(),
    password: 'password-1',
    githubUsername: 'good-name',
  });
  const cases: [
    string,
    () => { payload: string | object; headers?: Record<string, string> },
    number,
    RegExp,
  ][] = [
    [
      'malformed JSON',
      () => ({
        payload: '{"role": "contributor",',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      /not valid JSON/,
    ],
    [
      'an empty body',
      () => ({ payload: '', headers: { 'content-type': 'application/json' } }),
      400,
      /empty/,
    ],
    ['a JSON array', () => ({ payload: [] }), 400, /body/],
    ['a missing email', () => ({ payload: { ...good(), email: undefined } }), 400, /^email: /],
    [
      'a wrong-typed password',
      () => ({ payload: { ...good(), password: 12345678 } }),
      400,
      /^password: /,
    ],
    [
      'an unknown role',
      () => ({ payload: { ...good(), role: 'admin' } }),
      400,
      /^role: Role must be one of contributor, maintainer, company/,
    ],
    [
      'a bad email format',
      () => ({ payload: { ...good(), email: 'not-an-email' } }),
      400,
      /^email: Enter a valid email address/,
    ],
    [
      'a missing GitHub username for a contributor',
      () => ({ payload: { ...good(), githubUsername: '' } }),
      400,
      /^githubUsername: GitHub username is required/,
    ],
    [
      'an invalid GitHub username',
      () => ({ payload: { ...good(), githubUsername: '-bad-' } }),
      400,
      /^githubUsername: Invalid GitHub username format/,
    ],
    [
      'a short password',
      () => ({ payload: { ...good(), password: 'short' } }),
      400,
      /^password: Password must be at least 8 characters/,
    ],
    [
      'a body over 100 kB',
      () => ({ payload: { ...good(), bio: 'x'.repeat(110_000) } }),
      413,
      /too large/,
    ],
    [
      'a form-encoded body',
      () => ({
        payload: 'role=contributor',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      /application\/json/,
    ],
  ];

  for (const route of ['/register', '/login']) {
    it.each(cases)(`${route} refuses %s`, async (_name, make, status, message) => {
      const before = await userCount();
      const { payload, headers } = make();
      const res = await post(route, payload, headers);
      // Login does not check password length: an existing short password must still be typeable.
      const expected = route === '/login' && String(message).includes('at least 8') ? 401 : status;
      expect(res.statusCode).toBe(expected);
      const body = res.json();
      expect(body.success).toBe(false);
      if (expected === status) expect(body.message).toMatch(message);
      expect(body).not.toHaveProperty('stack');
      expect(await userCount()).toBe(before);
    });
  }

  it('names the field in the error body', async () => {
    const res = await post('/register', { ...good(), email: 'nope' });
    expect(res.json().field).toBe('email');
  });
});

describe('POST /login and the session', () => {
  it('returns the user and a token, and sets an httpOnly SameSite=Lax session cookie', async () => {
    const email = uniqueEmail();
    await post('/register', {
      role: 'maintainer',
      email,
      password: 'password-1',
      githubUsername: 'maint-1',
    });
    const res = await post('/login', {
      role: 'maintainer',
      email: email.toUpperCase(),
      password: 'password-1',
      githubUsername: 'maint-1',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      user: { email, role: 'maintainer' },
    });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload.role).toBe('maintainer');
    const cookie = res.cookies.find((c) => c.name === 'openstake_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', value: body.token });
    expect(cookie.secure).toBeFalsy(); // plain http in tests; Secure over https
    expect(new Date(cookie.expires!).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it("uses the account's role, not the role picked on the form", async () => {
    const account = await createUser(app, 'company');
    const res = await post('/login', {
      role: 'contributor',
      email: account.email,
      password: account.password,
      githubUsername: 'whoever',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('company');
  });

  it('answers a wrong password and an unknown email alike, with the same message', async () => {
    const account = await createUser(app, 'contributor');
    const wrong = await post('/login', {
      role: 'contributor',
      email: account.email,
      password: 'wrong-password',
      githubUsername: 'x',
    });
    const unknown = await post('/login', {
      role: 'contributor',
      email: uniqueEmail(),
      password: 'wrong-password',
      githubUsername: 'x',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('GET /api/user reads the session from the cookie or a bearer token, never exposing secrets', async () => {
    const account = await createUser(app, 'contributor');
    const byCookie = await app.server.inject({
      url: '/api/user',
      headers: { cookie: account.cookie },
    });
    const byBearer = await app.server.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${account.token}` },
    });
    for (const res of [byCookie, byBearer]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, user: account.user });
    }
    expect(byCookie.body).not.toContain(account.password);
  });

  it('GET /api/user answers 401 without a session or with a forged token', async () => {
    const none = await app.server.inject({ url: '/api/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Please sign in to continue');
    const account = await createUser(app, 'contributor');
    const [h, , s] = account.token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ role: 'maintainer', sid: 'x', sub: account.user.id }),
    ).toString('base64url');
    const forged = await app.server.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${h}.${forgedPayload}.${s}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('logout revokes the session: the same token no longer works', async () => {
    const account = await createUser(app, 'contributor');
    const out = await app.server.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie: account.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'openstake_session')?.value).toBe('');
    const after = await app.server.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('never writes passwords or tokens to the logs', async () => {
    const account = await createUser(app, 'contributor');
    await app.server.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${account.token}`, cookie: account.cookie },
    });
    const logs = app.rawLogs();
    expect(logs).toContain('/api/user'); // request logs are written...
    expect(logs).not.toContain(account.password); // ...without secrets
    expect(logs).not.toContain(account.token);
  });
});

describe('rate limits on sign-in and sign-up', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '6' });
  });
  afterAll(() => limited.close());

  const login = (email: string, ip: string) =>
    limited.server.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: ip,
      payload: { role: 'company', email, password: 'wrong-password' },
    });

  it('limits attempts per email across addresses, with a clear 429', async () => {
    const email = uniqueEmail();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(email, `10.0.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const res = await login(email, '10.0.0.99');
    expect(res.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts for this email. Try again in 15 minutes.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another email is not affected.
    expect((await login(uniqueEmail(), '10.0.0.50')).statusCode).toBe(401);
  });

  it('limits attempts per address across emails', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(uniqueEmail(), '10.9.9.9')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect((await login(uniqueEmail(), '10.9.9.9')).json().message).toBe(
      'Too many sign-in attempts from your network. Try again in 15 minutes.',
    );
  });

  it('limits sign-ups per address too', async () => {
    const register = () =>
      limited.server.inject({
        method: 'POST',
        url: '/register',
        remoteAddress: '10.7.7.7',
        payload: { role: 'company', email: uniqueEmail(), password: 'password-1' },
      });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await register()).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });
});

describe('concurrent sign-ups', () => {
  it('ten simultaneous sign-ups with one email make one account and one coin grant', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/register', {
          role: 'contributor',
          email,
          password: 'password-1',
          githubUsername: 'racer',
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const created = results.find((r) => r.statusCode === 201)!.json().user;
    expect(await getBalance(app.ctx.db, walletOf(created.id))).toBe(100);
  });
});
