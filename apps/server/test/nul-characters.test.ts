import { Octokit } from '@octokit/rest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackedIssues } from '../src/db/schema';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let contributor: Account;
let maintainer: Account;

beforeAll(async () => {
  app = await buildTestApp();
  contributor = await createUser(app, 'contributor');
  maintainer = await createUser(app, 'maintainer');
});
afterAll(() => app.close());

const refusal = (field: string) => ({
  success: false,
  code: 'BAD_REQUEST',
  message: `${field}: must not contain the NUL character (\\u0000)`,
  field,
});

// PostgreSQL's text and jsonb refuse U+0000: it must be a 400 naming the field, not a 500.
describe('a NUL character anywhere in a request is a 400 naming the field', () => {
  it('in a body string the route would store', async () => {
    const url = `/api/contributor/profile/${contributor.user.id}`;
    const put = (name: string) =>
      app.server.inject({
        method: 'PUT',
        url,
        headers: { cookie: contributor.cookie },
        payload: { profile: { name, bio: 'Writes parsers.' } },
      });
    const res = await put('Ada\u0000 Lovelace');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('profile.name'));
    expect((await put('Ada Lovelace')).statusCode).toBe(200);
  });

  it('in a body the route lets through unchecked, at any depth, in values and keys', async () => {
    const post = (payload: unknown) =>
      app.server.inject({
        method: 'POST',
        url: '/api/contributor/profile',
        headers: { cookie: contributor.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    // Without a NUL the body is ignored, and the route answers as usual.
    const ignored = await post({ accessToken: 'ignored' });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().data.stats.coins).toBe(100);
    expect((await post({ accessToken: 'tok\u0000en' })).json()).toEqual(refusal('accessToken'));
    expect((await post({ 'user\u0000Id': 1 })).json()).toEqual(refusal('user\\u0000Id'));
    // Deeper than a recursive walk's call stack: still a 400.
    const depth = 30_000;
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/contributor/profile',
      headers: { cookie: contributor.cookie, 'content-type': 'application/json' },
      payload: `{"nested":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toMatch(/^nested(\.0)+$/);
  });

  it('in a query value', async () => {
    const res = await app.server.inject({
      url: '/api/maintainer/bounty-issues?search=stake%00engine',
      headers: { cookie: maintainer.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('search'));
  });

  it('in a path parameter', async () => {
    const res = await app.server.inject({
      url: '/api/maintainer/organizations/openstake%00labs/repositories',
      headers: { cookie: maintainer.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('org'));
  });

  it('after the access check: an anonymous caller still gets 401', async () => {
    const res = await app.server.inject({
      method: 'PUT',
      url: `/api/contributor/profile/${contributor.user.id}`,
      payload: { profile: { name: '\u0000', bio: '' } },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("GitHub's texts with a NUL character", () => {
  it('are stored without it: an issue whose title and body hold one opens like any other', async () => {
    const base = await listen(app);
    const linked = await createUser(app, 'contributor', { githubUsername: 'rita-reader' });
    await linkGithub(base, linked, 'rita-reader');
    const sim = app.githubSim!;
    const github = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
    const { data: issue } = await github.rest.issues.create({
      owner: 'openstake-labs',
      repo: 'stake-engine',
      title: 'Null\u0000 byte',
      body: 'It has one\u0000 here.',
    });
    const res = await app.server.inject({
      url: `/api/contributor/repos/openstake-labs/stake-engine/issues/${String(issue.number)}`,
      headers: { cookie: linked.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.issue).toMatchObject({ title: 'Null byte', body: 'It has one here.' });
    const [row] = await app.ctx.db
      .select()
      .from(trackedIssues)
      .where(eq(trackedIssues.githubId, issue.id));
    expect(row).toMatchObject({ title: 'Null byte', body: 'It has one here.' });
  });
});
