import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, isCredentialName, redactUrl } from '../src/app';
import { Writable } from 'node:stream';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('request logs', () => {
  it("never hold the OAuth callback's code or state", async () => {
    const code = 'a1b2c3d4e5f6a7b8c9d0';
    const state = 'eyJhbGciOiJIUzI1NiJ9.eyJub25jZSI6Im4ifQ.c2lnbmF0dXJl';
    const res = await app.server.inject({
      url: `/api/github/callback?code=${code}&state=${state}`,
    });
    expect(res.statusCode).toBe(302);
    const logs = app.rawLogs();
    expect(logs).toContain('/api/github/callback?code=[redacted]&state=[redacted]');
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(state);
  });

  it('redact only secret query parameters, in any case or spelling', () => {
    expect(redactUrl('/api/x?page=2&Code=1&access%5Ftoken=t&q=a+b')).toBe(
      '/api/x?page=2&Code=[redacted]&access%5Ftoken=[redacted]&q=a+b',
    );
    expect(redactUrl('/api/x?%E0=1&code')).toBe('/api/x?%E0=1&code=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('never hold a key or any other credential sent in a query string', async () => {
    const apiKey = `osk_${'k7'.repeat(16)}`;
    const credentials = {
      api_key: apiKey,
      key: 'plain-key-value-1',
      token: 'plain-token-value-2',
      access_token: 'plain-access-value-3',
      client_secret: 'plain-secret-value-4',
      password: 'plain-password-value-5',
      'X-Amz-Signature': 'plain-signature-value-6',
      apiKey: 'plain-camel-value-7',
      authToken: 'plain-auth-value-8',
      sessionId: 'plain-session-value-9',
      // A credential-shaped value under a harmless name.
      q: `ghp_${'A1'.repeat(18)}`,
    };
    const query = new URLSearchParams({ page: '2', sort: 'recent', ...credentials });
    // An API-key route and a public one: neither reads a key from the query string.
    for (const [method, path] of [
      ['POST', '/api/maintainer/issue-comment'],
      ['GET', '/api/health'],
    ] as const) {
      const before = app.rawLogs().length;
      await app.server.inject({ method, url: `${path}?${query.toString()}` });
      const written = app.rawLogs().slice(before);
      expect(written, path).toContain(
        `${path}?page=2&sort=recent&api_key=[redacted]&key=[redacted]`,
      );
      for (const [name, value] of Object.entries(credentials)) {
        expect(written, `${path} ${name}`).not.toContain(value);
        expect(written, `${path} ${name}`).not.toContain(encodeURIComponent(value));
      }
    }
  });

  it('judge a parameter by its name, split into words, and a value by its shape', () => {
    for (const name of [
      'key',
      'api_key',
      'API-KEY',
      'x-api-key',
      'apikey',
      'xApiKey',
      'token',
      'id_token',
      'refreshToken',
      'secret',
      'clientSecret',
      'password',
      'passwd',
      'Passphrase',
      'pwd',
      'signature',
      'sig',
      'code',
      'state',
      'auth',
      'authorization',
      'credentials',
      'session',
      'jwt',
      'otp',
      'private_key',
      'hmac',
    ]) {
      expect(isCredentialName(name), name).toBe(true);
    }
    for (const name of [
      'q',
      'page',
      'limit',
      'cursor',
      'sort',
      'rank',
      'status',
      'language',
      'minXp',
      'mergedWithinDays',
      'keyword',
      'monkey',
      'returnTo',
      'login',
      'github',
    ]) {
      expect(isCredentialName(name), name).toBe(false);
    }
    expect(redactUrl(`/x?q=osk_${'a'.repeat(32)}&page=1`)).toBe('/x?q=[redacted]&page=1');
    expect(redactUrl(`/x?q=gho_${'B'.repeat(36)}`)).toBe('/x?q=[redacted]');
    expect(redactUrl('/x?q=octo-dev&minXp=100')).toBe('/x?q=octo-dev&minXp=100');
  });

  it("never hold the chain operator's key, in the configuration or the chain's settings", () => {
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString();
        done();
      },
    });
    const key = `0x${'5'.repeat(64)}`;
    const log = createLogger({ LOG_LEVEL: 'info' }, sink);
    log.info({ config: { CHAIN_OPERATOR_KEY: key } }, 'configuration');
    log.info({ settings: { rpcUrl: 'http://127.0.0.1:8545', operatorKey: key } }, 'chain');
    expect(written).toContain('[redacted]');
    expect(written).not.toContain(key);
    expect(written).not.toContain(key.slice(2));
  });
});
