import { randomBytes } from 'node:crypto';
import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { SecretScanner } from './helpers/secret-scan';
import { buildTestApp, type TestApp } from './helpers/test-app';

// Issue 9, "Secrets": every server test file checks its responses and log lines (test/setup.ts).
// These tests show that the check can fail, and how it reports.

const ghToken = () => `gho_${randomBytes(27).toString('base64url').replace(/[-_]/g, 'x')}`;
const messages = (scanner: SecretScanner) => scanner.scan().map((l) => l.message);

describe('the secret scanner', () => {
  it('finds a secret as is and encoded, naming its kind and place but never the secret', () => {
    const scanner = new SecretScanner();
    const token = ghToken();
    const secret = `${randomBytes(24).toString('base64')}+/`;
    scanner.add('GitHub token', token);
    scanner.add('webhook secret', secret);
    scanner.record({
      type: 'log line',
      label: `"linked with ${token}" (level 30)`,
      text: JSON.stringify({ level: 30, msg: `linked with ${token}` }),
    });
    const head = 'location: /back';
    scanner.record({
      type: 'response',
      label: 'GET /hooks → 200',
      text: `${head}\n\n{"url":"https://x.test/?s=${encodeURIComponent(secret)}"}`,
      bodyStart: head.length + 2,
    });
    scanner.record({ type: 'log line', label: '"fine" (level 30)', text: '{"msg":"fine"}' });

    const found = messages(scanner);
    expect(found).toEqual([
      'GitHub token in log line "linked with [GitHub token]" (level 30)',
      'webhook secret (URL-encoded) in response GET /hooks → 200 (body)',
    ]);
    expect(found.join()).not.toContain(token);
  });

  it('allows an API key only in the response that created it', () => {
    const scanner = new SecretScanner();
    const key = `osk_${'k'.repeat(32)}`;
    const created = scanner.record({
      type: 'response',
      label: 'POST /api-keys → 201',
      text: `\n\n{"data":{"secretKey":"${key}"}}`,
      bodyStart: 2,
    });
    scanner.add('API key', key, { allowedIn: created });
    expect(messages(scanner)).toEqual([]);

    scanner.record({
      type: 'response',
      label: 'GET /api-keys → 200',
      text: `\n\n{"data":[{"maskedKey":"${key}"}]}`,
      bodyStart: 2,
    });
    expect(messages(scanner)).toEqual([
      'API key outside its creation response (POST /api-keys → 201) in response GET /api-keys → 200 (body)',
    ]);
  });

  it('finds a secret learned after the record, and reports each leak once', () => {
    const scanner = new SecretScanner();
    const code = randomBytes(10).toString('hex');
    scanner.record({
      type: 'log line',
      label: '"callback" (level 30)',
      text: `{"url":"?code=${code}"}`,
    });
    expect(messages(scanner)).toEqual([]);
    scanner.add('OAuth code', code);
    expect(messages(scanner)).toEqual(['OAuth code in log line "callback" (level 30)']);
    expect(messages(scanner)).toEqual([]);
  });

  it('recognises GitHub tokens, API keys and argon2 hashes by their form alone', () => {
    const scanner = new SecretScanner();
    scanner.record({
      type: 'log line',
      label: '"debug" (level 20)',
      text: `${ghToken()} osk_${'0'.repeat(32)} $argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$ZGlnZXN0ZGlnZXN0`,
    });
    expect(messages(scanner)).toEqual([
      'GitHub token (recognised by its form) in log line "debug" (level 20)',
      'API key (recognised by its form) in log line "debug" (level 20)',
      'password hash (recognised by its form) in log line "debug" (level 20)',
    ]);
  });
});

describe('the secrets check on a test app', () => {
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp();
    base = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('records responses through inject and over real HTTP, and every log line', async () => {
    const before = app.secretWatch.stats();
    await app.server.inject({ url: '/api/health' });
    await fetch(`${base}/api/health`);
    const after = app.secretWatch.stats();
    expect(after.responses - before.responses).toBe(2);
    expect(after.logLines - before.logLines).toBeGreaterThanOrEqual(4); // incoming, completed
  });

  it('reports a password the app logs, by kind and log message', async () => {
    const account = await createUser(app, 'contributor');
    app.ctx.log.info(`signed up with ${account.password}`);
    const leaks = await app.secretWatch.check();
    expect(leaks.map((l) => l.message)).toEqual([
      'password in log line "signed up with [password]" (level 30)',
    ]);
  });

  it('takes session tokens from responses over real HTTP, and finds them in the logs', async () => {
    const account = await createUser(app, 'maintainer');
    const res = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        role: 'maintainer',
        email: account.email,
        password: account.password,
        githubUsername: account.user.githubUsername,
      }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    app.ctx.log.warn({ bearer: token }, 'kept for later');
    const leaks = await app.secretWatch.check();
    expect(leaks.map((l) => l.message)).toEqual([
      'session token in log line "kept for later" (level 40)',
    ]);
  });

  it('finds the session secret and encryption key wherever they would stand', async () => {
    const key = app.ctx.secrets.encryptionKey;
    app.ctx.log.info({ key: key.toString('base64') }, 'started');
    const leaks = await app.secretWatch.check();
    expect(leaks.map((l) => l.message)).toEqual([
      'encryption key in log line "started" (level 30)',
    ]);
  });

  it('logs an OAuth exchange that failed on GitHub without the code or the client secret', async () => {
    const me = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
    const jar = new Browserish(me.cookie);
    const start = await jar.fetch(`${base}/api/github/connect`);
    const callback = await approveOnSim(start.headers.get('location')!, 'octo-dev', 'approve');
    app.githubSim!.failNext({
      method: 'POST',
      pathPattern: '/login/oauth/access_token',
      status: 502,
      times: 5,
    });
    const back = await jar.fetch(callback);
    expect(new URL(back.headers.get('location')!, base).searchParams.get('github')).toBe('error');
    expect(app.logs.some((l) => l.msg === 'GitHub OAuth failed')).toBe(true);
    // The warning carries the error and its cause (Octokit's request); the check looks for the code
    // it now knows, the client secret and the rest, in that line and everywhere else.
    expect(app.secretWatch.known().some((s) => s.kind === 'OAuth code')).toBe(true);
    expect(await app.secretWatch.check()).toEqual([]);
  });
});
