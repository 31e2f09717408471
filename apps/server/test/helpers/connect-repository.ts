import type { Account } from './factories';
import type { TestApp } from './test-app';

/**
 * A maintainer connects a repository through the real route, as from a browser on this server
 * (the webhook URL is built from the request's host): push access is checked on GitHub and the
 * webhook added. Fails loudly when it does not answer 201.
 */
export async function connectRepository(
  app: TestApp,
  base: string,
  maintainer: Account,
  target: { owner: string; repo: string },
): Promise<void> {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/maintainer/repositories',
    headers: { cookie: maintainer.cookie, host: new URL(base).host },
    payload: target,
  });
  if (res.statusCode !== 201) {
    throw new Error(`connecting ${target.owner}/${target.repo} failed: ${res.body}`);
  }
}
