import type { TestApp } from './test-app';

export async function listen(app: TestApp): Promise<string> {
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;
  app.setAppWebhookUrl(`${base}/api/github/webhooks`);
  return base;
}
