import { randomUUID } from 'node:crypto';
import type { CreatedApiKey } from '@openstake/core';
import type { MatrixWorld, Principal } from '../authorization-matrix.table';
import { createUser, type Account } from './factories';
import { listen } from './github-flow';
import { linkGithub } from './link-github';
import { stakeWorld } from './stake-world';
import type { TestApp } from './test-app';

export interface PrincipalHandle {
  /** The headers that make a request this principal's (none for the anonymous visitor). */
  headers: Record<string, string>;
  /** Headers of a new session of the same account, for a route that ends the session it gets. */
  freshHeaders(): Promise<Record<string, string>>;
}

const A = { org: 'openstake-labs', repo: 'stake-engine' };

/**
 * The principals of the authorization matrix, made through the real routes: accounts signed up
 * and in, GitHub linked by the real OAuth flow against the simulator, A's repository connected,
 * contexts saved and one API key per organization created by its admin.
 *
 * - contributors A / B: octo-dev / newbie-nia
 * - maintainer A: mia-maintainer, admin of openstake-labs (connects stake-engine, makes A's key)
 * - maintainer B: frontend-fay, admin of pixel-forge (the other organization's key)
 * - read-only member: a maintainer account linked to tess-tester, a plain member of openstake-labs
 *   with triage (no push) on stake-engine
 */
export async function buildMatrixWorld(
  app: TestApp,
): Promise<{ world: MatrixWorld; principals: Record<Principal, PrincipalHandle> }> {
  const base = await listen(app);
  const as = async (role: 'contributor' | 'maintainer', login: string) => {
    const account = await createUser(app, role, { githubUsername: login });
    await linkGithub(base, account, login);
    return account;
  };
  const contributorA = await as('contributor', 'octo-dev');
  const contributorB = await as('contributor', 'newbie-nia');
  const maintainerA = await as('maintainer', 'mia-maintainer');
  const maintainerB = await as('maintainer', 'frontend-fay');
  const readOnlyMember = await as('maintainer', 'tess-tester');
  const company = await createUser(app, 'company');

  const call = async (who: Account, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.server.inject({
      method,
      url,
      // The webhook address is built from the host the request came to.
      headers: { cookie: who.cookie, host: new URL(base).host },
      payload,
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
    return res.json<{ data: unknown }>().data;
  };
  const keyFor = async (who: Account, org: string) => {
    await call(who, 'PUT', `/api/maintainer/organizations/${org}/context`, {
      context: `# ${org}\nHow to contribute.`,
    });
    return (await call(who, 'POST', `/api/maintainer/organizations/${org}/api-keys`, {
      name: 'matrix',
    })) as CreatedApiKey;
  };
  await call(maintainerA, 'POST', '/api/maintainer/repositories', { owner: A.org, repo: A.repo });
  const keyA = await keyFor(maintainerA, A.org);
  const keyOther = await keyFor(maintainerB, 'pixel-forge');

  const stakes = stakeWorld(app, app.githubSim!, { owner: A.org, repo: A.repo });
  const issue = await stakes.createIssue({ labels: ['good first issue'] });
  const pull = await stakes.openPullRequest('octo-dev', issue.number);

  const session = (account: Account): PrincipalHandle => ({
    headers: { cookie: account.cookie },
    async freshHeaders() {
      const res = await app.server.inject({
        method: 'POST',
        url: '/login',
        payload: {
          role: account.user.role,
          email: account.email,
          password: account.password,
          githubUsername: account.user.githubUsername ?? undefined,
        },
      });
      const cookie = res.cookies.find((c) => c.name === 'openstake_session');
      if (res.statusCode !== 200 || !cookie) throw new Error(`login failed: ${res.body}`);
      return { cookie: `${cookie.name}=${cookie.value}` };
    },
  });
  const fixed = (headers: Record<string, string>): PrincipalHandle => ({
    headers,
    freshHeaders: async () => headers,
  });

  return {
    world: {
      org: A.org,
      repo: { owner: A.org, repo: A.repo },
      // mia is an admin; frontend-fay and tess-tester have no push access to it.
      unconnectedRepo: { owner: A.org, repo: 'openstake-py' },
      pullNumber: pull.number,
      pullUrl: pull.url,
      issueNumber: issue.number,
      trackedIssueId: issue.githubId,
      stakeRequired: issue.stakingRequired,
      unknownNumber: 999_999,
      unknownKeyId: randomUUID(),
      userIdA: contributorA.user.id,
    },
    principals: {
      anonymous: fixed({}),
      contributorA: session(contributorA),
      contributorB: session(contributorB),
      maintainerA: session(maintainerA),
      maintainerB: session(maintainerB),
      readOnlyMember: session(readOnlyMember),
      company: session(company),
      apiKeyA: fixed({ authorization: `Bearer ${keyA.secretKey}` }),
      apiKeyOther: fixed({ authorization: `Bearer ${keyOther.secretKey}` }),
    },
  };
}

/** The concrete path of an OpenAPI path template: `{name}` replaced by its value. */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
}
