import { randomBytes } from 'node:crypto';
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
  const REGISTERED = { success: true, message: 'User registered successfully' };
  const userByEmail = async (email: string) =>
    (await app.ctx.db.select().from(users).where(eq(users.email, email)))[0];

  it('creates a contributor and grants 100 coins from the mint exactly once', async () => {
    const email = uniqueEmail();
    const res = await post('/register', {
      role: 'contributor',
      email,
      password: 'correct horse',
      githubUsername: 'octo-cat',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(REGISTERED);
    const user = (await userByEmail(email))!;
    expect(user).toMatchObject({ role: 'contributor', githubUsername: 'octo-cat' });
    expect(await getBalance(app.ctx.db, walletOf(user.id))).toBe(100);
    const grants = await app.ctx.db
      .select()
      .from(transfers)
      .where(eq(transfers.reference, user.id));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ kind: 'signup_grant', amount: 100 });
  });

  it('gives maintainers their starting coins for bounties, companies none and no GitHub username', async () => {
    const [maintainerEmail, companyEmail] = [uniqueEmail(), uniqueEmail()];
    const maintainer = await post('/register', {
      role: 'maintainer',
      email: maintainerEmail,
      password: 'kettle-plum-41',
      githubUsername: uniqueLogin(),
    });
    const company = await post('/register', {
      role: 'company',
      email: companyEmail,
      password: 'kettle-plum-41',
      githubUsername: 'ignored',
    });
    expect(maintainer.statusCode).toBe(201);
    expect(company.statusCode).toBe(201);
    const companyUser = (await userByEmail(companyEmail))!;
    expect(companyUser.githubUsername).toBeNull();
    expect(await getBalance(app.ctx.db, walletOf((await userByEmail(maintainerEmail))!.id))).toBe(
      MAINTAINER_STARTING_COINS,
    );
    expect(await getBalance(app.ctx.db, walletOf(companyUser.id))).toBe(0);
  });

  it('answers an existing email, whatever its case, exactly like a new one and changes nothing', async () => {
    const email = uniqueEmail();
    const first = await post('/register', {
      role: 'company',
      email: `  ${email.toUpperCase()} `,
      password: 'kettle-plum-41',
    });
    const owner = (await userByEmail(email))!;
    const before = await userCount();
    const again = await post('/register', {
      role: 'contributor',
      email: email.toUpperCase(),
      password: 'kettle-plum-42',
      githubUsername: 'someone',
    });
    const fresh = await post('/register', {
      role: 'contributor',
      email: uniqueEmail(),
      password: 'kettle-plum-42',
      githubUsername: 'someone',
    });
    for (const res of [first, again, fresh]) {
      expect(res.statusCode).toBe(201);
      expect(res.body).toBe(JSON.stringify(REGISTERED));
      expect(res.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(res.cookies).toEqual([]);
    }
    expect(await userCount()).toBe(before + 1); // only the fresh email
    expect(await userByEmail(email)).toEqual(owner);
    expect(
      await app.ctx.db.select().from(transfers).where(eq(transfers.reference, owner.id)),
    ).toHaveLength(0); // a company, no grant; and the contributor sign-up granted nothing
    // The owner's password still works; the second sign-up's does not.
    const login = (password: string) =>
      post('/login', { role: 'company', email, password }).then((r) => r.statusCode);
    expect(await login('kettle-plum-41')).toBe(200);
    expect(await login('kettle-plum-42')).toBe(401);
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
    password: 'kettle-plum-41',
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

describe('sign-up refuses guessable passwords', () => {
  const COMMON =
    'password: This password is one of the most common passwords. Choose one that is harder to guess.';
  const PERSONAL =
    'password: The password must not be your email, your GitHub username or the name OpenStake. Choose one that is harder to guess.';
  const register = (body: { email: string; password: string; githubUsername?: string }) =>
    post('/register', { role: 'contributor', githubUsername: 'plain-dev', ...body });

  it.each([
    ['12345678', COMMON],
    ['PassWord1', COMMON],
    ['iloveyou', COMMON],
    // Far down the list (past the 10,000 most common): the whole bundled list is checked.
    ['justinbiebe', COMMON],
    ['letmein123', COMMON],
    // A common word with digits or symbols around it.
    ['Summer2024!', COMMON],
    ['#michael#1', COMMON],
    ['OpenStake', PERSONAL],
    ['openstake2025!', PERSONAL],
    ['Open Stake', PERSONAL],
  ])('refuses %s with 400 on the password field, creating nothing', async (password, message) => {
    const before = await userCount();
    const res = await register({ email: uniqueEmail(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'BAD_REQUEST', message, field: 'password' });
    expect(await userCount()).toBe(before);
  });

  it("refuses the account's own email, its local part and its GitHub username, in any case", async () => {
    const email = `Zephyr.Quill-${randomBytes(3).toString('hex')}@Example.com`;
    const local = email.slice(0, email.indexOf('@'));
    for (const password of [
      email.toUpperCase(),
      local,
      `${local.toLowerCase()}99!`,
      'Gh-Handle-Rare7',
    ]) {
      const res = await register({ email, password, githubUsername: 'gh-handle-rare7' });
      expect(res.json(), password).toMatchObject({ message: PERSONAL, field: 'password' });
    }
    expect(
      await app.ctx.db.select().from(users).where(eq(users.email, email.toLowerCase())),
    ).toEqual([]);
  });

  it.each([
    ['eight spaces', ' '.repeat(8)],
    ['tabs and newlines', '\t\t\n\n\t\t\n\n'],
    ['no-break and ideographic spaces', '\u00a0\u3000'.repeat(5)],
  ])('refuses a password of %s: blank once trimmed, creating nothing', async (_what, password) => {
    const before = await userCount();
    const res = await register({ email: uniqueEmail(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'password: Password must not be only spaces',
      field: 'password',
    });
    expect(await userCount()).toBe(before);
  });

  it('accepts spaces inside or around a password that has more than spaces', async () => {
    const res = await register({ email: uniqueEmail(), password: '   violet kettle   ' });
    expect(res.statusCode).toBe(201);
  });

  it('accepts a password that is neither common nor personal', async () => {
    const res = await register({ email: uniqueEmail(), password: 'violet kettle mountain' });
    expect(res.statusCode).toBe(201);
  });

  it('signs in with any stored password: the rule is for new passwords only', async () => {
    const res = await post('/login', {
      role: 'contributor',
      email: uniqueEmail(),
      password: '12345678',
      githubUsername: 'plain-dev',
    });
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});

describe('POST /login and the session', () => {
  it('returns the user and a token, and sets an httpOnly SameSite=Lax session cookie', async () => {
    const email = uniqueEmail();
    await post('/register', {
      role: 'maintainer',
      email,
      password: 'kettle-plum-41',
      githubUsername: 'maint-1',
    });
    const res = await post('/login', {
      role: 'maintainer',
      email: email.toUpperCase(),
      password: 'kettle-plum-41',
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

  it("signs in to the account's own role whatever the picker said, and says so", async () => {
    const company = await createUser(app, 'company');
    const contributor = await createUser(app, 'contributor');
    const login = (account: typeof company, role: string) =>
      post('/login', {
        role,
        email: account.email,
        password: account.password,
        githubUsername: account.user.githubUsername ?? 'whoever',
      });
    const cases = [
      [company, 'contributor', 'company', 'This is a company account, not a contributor account'],
      [
        contributor,
        'maintainer',
        'contributor',
        'This is a contributor account, not a maintainer account',
      ],
    ] as const;
    for (const [account, picked, own, says] of cases) {
      const res = await login(account, picked);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        user: { id: account.user.id, role: own },
        message: `Login successful. ${says}: you are signed in as a ${own}.`,
      });
      // The session is the account's role too.
      const token = res.json().token as string;
      const me = await app.server.inject({
        url: '/api/user',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.json().user.role).toBe(own);
    }
    expect((await login(contributor, 'contributor')).json().message).toBe('Login successful');
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
    limited = await buildTestApp({
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      AUTH_RATE_LIMIT_PER_IP: '6',
      AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL: '5',
      AUTH_RATE_LIMIT_GLOBAL_WINDOW_MINUTES: '120',
    });
  });
  afterAll(() => limited.close());

  const login = (email: string, ip: string, password = 'wrong-password') =>
    limited.server.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: ip,
      payload: { role: 'company', email, password },
    });

  it("limits one address's attempts on one email, without locking the owner out elsewhere", async () => {
    const owner = await createUser(limited, 'company');
    const attacker = '203.0.113.7';
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(owner.email, attacker)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const res = await login(owner.email, attacker, owner.password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message:
        'Too many sign-in attempts for this email from your network. Try again in 15 minutes.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, on their own network, signs in: the refused attempts above did not count towards
    // the per-email limit (5 = the factory's sign-in, 3 wrong passwords, this one).
    expect((await login(owner.email, '198.51.100.20', owner.password)).statusCode).toBe(200);
  });

  it('stops a guess spread over many addresses with the slower per-email limit', async () => {
    const owner = await createUser(limited, 'company');
    const statuses = [];
    // Two attempts from each address: under the per-address and per-pair limits every time.
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 2; j++)
        statuses.push((await login(owner.email, `10.1.${String(i)}.1`)).statusCode);
    }
    // The factory's sign-in was the first of the 5 this email may have.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    const res = await login(owner.email, '10.1.99.1', owner.password);
    expect(res.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts for this email. Try again in 120 minutes.',
    });
    // Another email is not affected.
    expect((await login(uniqueEmail(), '10.1.99.1')).statusCode).toBe(401);
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
        payload: { role: 'company', email: uniqueEmail(), password: 'kettle-plum-41' },
      });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await register()).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it('limits "Forgot password?" per client address, apart from sign-in, and per email', async () => {
    const forgot = (email: string, ip: string) =>
      limited.server.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { email },
      });
    // Six addresses, known or not, from one network: the seventh is refused.
    const owner = await createUser(limited, 'company');
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await forgot(i === 0 ? owner.email : uniqueEmail(), '10.8.8.8')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const refused = await forgot(uniqueEmail(), '10.8.8.8');
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many password-reset attempts from your network. Try again in 15 minutes.',
    });
    // Its own counters: sign-in from that network is not refused by them.
    expect((await login(owner.email, '10.8.8.8', owner.password)).statusCode).toBe(200);
    // One email from one network: the per-pair limit (3) refuses the fourth.
    const pair = [];
    for (let i = 0; i < 4; i++) pair.push((await forgot(owner.email, '10.8.9.9')).statusCode);
    expect(pair).toEqual([200, 200, 200, 429]);
  });
});

describe('concurrent sign-ups', () => {
  it('ten simultaneous sign-ups with one email make one account and one coin grant, and all look alike', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/register', {
          role: 'contributor',
          email,
          password: `kettle-plum-${String(50 + i)}`,
          githubUsername: 'racer',
        }),
      ),
    );
    expect(new Set(results.map((r) => `${String(r.statusCode)} ${r.body}`))).toEqual(
      new Set([
        `201 ${JSON.stringify({ success: true, message: 'User registered successfully' })}`,
      ]),
    );
    const created = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(created).toHaveLength(1);
    const grants = await app.ctx.db
      .select()
      .from(transfers)
      .where(eq(transfers.reference, created[0]!.id));
    expect(grants).toHaveLength(1);
    expect(await getBalance(app.ctx.db, walletOf(created[0]!.id))).toBe(100);
  });
});
