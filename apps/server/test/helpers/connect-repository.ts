import { eq } from 'drizzle-orm';
import { repositories } from '../../src/db/schema';
import type { Account } from './factories';
import type { TestApp } from './test-app';

/**
 * A maintainer connects a repository through the real route, as from a browser on this server
 * (the webhook URL is built from the request's host): push access is checked on GitHub and the
 * webhook added. Fails loudly when it does not answer 201.
 *
 * Its slots are roomy unless `policy` is 'defaults': most tests have one contributor stake on
 * many issues of one repository, which the default policy (2 open stakes per contributor,
 * decision 015) refuses; the slots have their own tests (stake-policy.test.ts).
 */
export async function connectRepository(
  app: TestApp,
  base: string,
  maintainer: Account,
  target: { owner: string; repo: string },
  options: { policy?: 'defaults' | 'roomy' } = {},
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
  if ((options.policy ?? 'roomy') === 'roomy') {
    await app.ctx.db
      .update(repositories)
      .set({ maxOpenStakesPerContributor: 20, maxNewcomerStakesPerIssue: 50 })
      .where(eq(repositories.fullName, `${target.owner}/${target.repo}`.toLowerCase()));
  }
}
