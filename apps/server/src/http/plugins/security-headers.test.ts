import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

const directives = {
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:', 'http://127.0.0.1:4010'],
};

/** What helmet's own middleware sets on a real Node response, per request, as it is meant to run. */
async function helmetOnARealResponse(): Promise<Record<string, string>> {
  const middleware = helmet({ contentSecurityPolicy: { directives } });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    middleware(req, res, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${String(port)}/`);
    const ignored = new Set(['date', 'connection', 'keep-alive', 'content-length']);
    return Object.fromEntries([...res.headers].filter(([name]) => !ignored.has(name)));
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it("are exactly the headers helmet's middleware sets, with the same CSP", async () => {
    expect(securityHeaders(directives)).toEqual(await helmetOnARealResponse());
    expect(securityHeaders(directives)['content-security-policy']).toContain(
      "img-src 'self' data: https: http://127.0.0.1:4010",
    );
  });

  it('are on every answer: a route, an error and an unknown path', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, directives);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    const expected = securityHeaders(directives);
    for (const url of ['/ok', '/fails', '/missing']) {
      const res = await app.inject({ url });
      for (const [name, value] of Object.entries(expected)) {
        expect(res.headers[name], `${name} on ${url}`).toBe(value);
      }
    }
    await app.close();
  });

  it('refuses a directive helmet refuses, at start', () => {
    expect(() => securityHeaders({ 'img-src': ["'self'", 'bad;value'] })).toThrow();
  });
});
