import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('rate limits on calls that cost something outside OpenStake', () => {
  it('refuses the 61st automation call from one address within a minute, with the usual error body', async () => {
    const call = () =>
      app.server.inject({
        method: 'POST',
        url: '/api/maintainer/issue-comment',
        headers: { authorization: 'Bearer osk_notarealkeynotarealkeynotarealk' },
        payload: { issue_number: 1, repo: 'stake-engine', org: 'openstake-labs' },
      });
    for (let i = 0; i < 60; i++) expect((await call()).statusCode).toBe(401);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many automation calls from your network. Try again in 1 minute.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    '/api/chain/confirm-funding',
    '/api/chain/add-stake',
    '/api/chain/assign-issue',
    '/api/demo/wallet',
    '/api/demo/wallet/fund',
  ])(
    'refuses the 31st ledger-network call (%s) from one address within 10 minutes',
    async (url) => {
      const maintainer = await createUser(app, 'maintainer');
      const write = () =>
        app.server.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${maintainer.token}` },
          payload: {},
        });
      // An invalid body still counts: the limit is checked before the body is.
      for (let i = 0; i < 30; i++) expect((await write()).statusCode).toBe(400);
      const refused = await write();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many ledger-network calls from your network. Try again in 10 minutes.',
      });
    },
  );

  it('refuses the 31st wallet challenge from one address within 10 minutes', async () => {
    const user = await createUser(app, 'contributor');
    const call = () =>
      app.server.inject({
        method: 'POST',
        url: '/api/store/values',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { githubUsername: user.user.githubUsername, publicKey: `0x${'ab'.repeat(20)}` },
      });
    for (let i = 0; i < 30; i++) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many wallet challenges from your network. Try again in 10 minutes.',
    });
  });

  it('refuses the 61st vouch change from one address within 10 minutes', async () => {
    const maintainer = await createUser(app, 'maintainer');
    const change = () =>
      app.server.inject({
        method: 'PUT',
        url: '/api/maintainer/repositories/openstake-labs/stake-engine/vouches/octo-dev',
        headers: { authorization: `Bearer ${maintainer.token}` },
        payload: {},
      });
    for (let i = 0; i < 60; i++) expect((await change()).statusCode).toBe(400);
    const refused = await change();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many vouch changes from your network. Try again in 10 minutes.',
    });
  });
});
