import type { TestApp } from './test-app';

/** Listens on HOST (127.0.0.1 in tests) and a free port; returns the server's address. */
export async function listen(app: TestApp): Promise<string> {
  await app.server.listen({ host: app.ctx.config.HOST, port: 0 });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://${app.ctx.config.HOST}:${String(address.port)}`;
  app.setAppWebhookUrl(`${base}/api/github/webhooks`);
  return base;
}
