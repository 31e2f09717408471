import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from '../src/app';
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
