import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { access, requireDeclaredAccess } from './access';

describe('requireDeclaredAccess', () => {
  it('refuses to start a server with a route that declares no access', async () => {
    const app = Fastify();
    const started = app
      .register(async (scope) => {
        requireDeclaredAccess(scope);
        scope.get('/api/forgotten', async () => ({ ok: true }));
      })
      .ready();
    await expect(started).rejects.toThrow(
      'Route GET /api/forgotten declares no access: add config: access(...)',
    );
  });

  it('accepts routes that declare one', async () => {
    const app = Fastify();
    await app.register(async (scope) => {
      requireDeclaredAccess(scope);
      scope.get('/api/declared', { config: access('public') }, async () => ({ ok: true }));
    });
    await app.ready();
    expect((await app.inject({ url: '/api/declared' })).statusCode).toBe(200);
    await app.close();
  });
});
