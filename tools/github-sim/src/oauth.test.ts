/** GitHub's OAuth web flow: the authorize page, the redirect with a code, the code exchange. */
import { Octokit } from '@octokit/rest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGithubSim, type GithubSim } from './index';

const CLIENT = { clientId: 'openstake-demo', clientSecret: 'openstake-demo-secret' };
const CALLBACK = 'http://localhost:3000/api/github/callback';

let sim: GithubSim;

beforeAll(async () => {
  sim = await startGithubSim();
});
afterAll(() => sim?.close());
afterEach(() => {
  vi.useRealTimers();
});

function authorizeUrl(params: Record<string, string>): string {
  return `${sim.webUrl}/login/oauth/authorize?${new URLSearchParams(params).toString()}`;
}

/** What the browser does when the visitor picks `login` and presses a button. */
async function submit(login: string, decision: 'authorize' | 'cancel', state = 'xyz') {
  const response = await fetch(`${sim.webUrl}/login/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: CALLBACK,
      state,
      scope: 'read:user user:email',
      login,
      decision,
    }).toString(),
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function exchange(params: Record<string, string>, accept = 'application/json') {
  const response = await fetch(`${sim.webUrl}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept, 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  expect(response.status).toBe(200);
  return response;
}

const credentials = { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret };

describe('the authorize page', () => {
  it('lets the visitor pick a simulated GitHub account', async () => {
    const response = await fetch(
      authorizeUrl({
        client_id: CLIENT.clientId,
        redirect_uri: CALLBACK,
        state: 's1',
        scope: 'read:user',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<title>Authorize OpenStake (demo)</title>');
    expect(html).toContain('<label for="login">GitHub account</label>');
    expect(html).toMatch(/<select id="login" name="login">.*<option value="octo-dev">/s);
    expect(html).toMatch(/<button[^>]*>Authorize<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(html).toContain('name="state" value="s1"');
  });

  it('preselects the account suggested with `login`', async () => {
    const html = await (
      await fetch(
        authorizeUrl({ client_id: CLIENT.clientId, redirect_uri: CALLBACK, login: 'rita-reader' }),
      )
    ).text();
    expect(html).toContain('<option value="rita-reader" selected>');
  });

  it('shows an error page for an unknown client or a missing redirect_uri', async () => {
    const unknown = await fetch(authorizeUrl({ client_id: 'who-knows', redirect_uri: CALLBACK }));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Authorization error');
    const noRedirect = await fetch(authorizeUrl({ client_id: CLIENT.clientId }));
    expect(noRedirect.status).toBe(400);
  });

  it('escapes what it echoes', async () => {
    const html = await (
      await fetch(
        authorizeUrl({
          client_id: CLIENT.clientId,
          redirect_uri: CALLBACK,
          state: '"><script>x</script>',
        }),
      )
    ).text();
    expect(html).not.toContain('<script>x</script>');
  });
});

describe('the code exchange', () => {
  it('redirects with a code and the state, and trades the code for a working token', async () => {
    const location = await submit('octo-dev', 'authorize', 'state-123');
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('state')).toBe('state-123');
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f]{20}$/);

    const token = (await (
      await exchange({ ...credentials, code, redirect_uri: CALLBACK })
    ).json()) as {
      access_token: string;
      token_type: string;
      scope: string;
    };
    expect(token).toEqual({
      access_token: expect.stringMatching(/^gho_[A-Za-z0-9]{36}$/),
      token_type: 'bearer',
      scope: 'read:user,user:email',
    });
    const client = new Octokit({ baseUrl: sim.apiUrl, auth: token.access_token });
    const { data } = await client.rest.users.getAuthenticated();
    expect(data.login).toBe('octo-dev');
  });

  it('accepts a code once only', async () => {
    const code = (await submit('newbie-nia', 'authorize')).searchParams.get('code') ?? '';
    const first = (await (await exchange({ ...credentials, code })).json()) as Record<
      string,
      string
    >;
    expect(first.access_token).toBeDefined();
    const second = (await (await exchange({ ...credentials, code })).json()) as Record<
      string,
      string
    >;
    expect(second).toEqual({
      error: 'bad_verification_code',
      error_description: 'The code passed is incorrect or expired.',
      error_uri: expect.stringContaining('docs.github.com'),
    });
  });

  it('refuses a wrong client secret, without using up the code', async () => {
    const code = (await submit('rita-reader', 'authorize')).searchParams.get('code') ?? '';
    const wrong = (await (
      await exchange({ client_id: CLIENT.clientId, client_secret: 'nope', code })
    ).json()) as Record<string, string>;
    expect(wrong.error).toBe('incorrect_client_credentials');
    const right = (await (await exchange({ ...credentials, code })).json()) as Record<
      string,
      string
    >;
    expect(right.access_token).toMatch(/^gho_/);
  });

  it('refuses a redirect_uri other than the one authorized', async () => {
    const code = (await submit('octo-dev', 'authorize')).searchParams.get('code') ?? '';
    const body = (await (
      await exchange({ ...credentials, code, redirect_uri: 'http://evil.example/cb' })
    ).json()) as Record<string, string>;
    expect(body.error).toBe('redirect_uri_mismatch');
  });

  it('expires codes after 10 minutes', async () => {
    const code = (await submit('octo-dev', 'authorize')).searchParams.get('code') ?? '';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    const body = (await (await exchange({ ...credentials, code })).json()) as Record<
      string,
      string
    >;
    expect(body.error).toBe('bad_verification_code');
  });

  it('answers form-encoded without Accept: application/json, and takes form bodies', async () => {
    const code = (await submit('octo-dev', 'authorize')).searchParams.get('code') ?? '';
    const response = await fetch(`${sim.webUrl}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...credentials, code }).toString(),
    });
    expect(response.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    const params = new URLSearchParams(await response.text());
    expect(params.get('access_token')).toMatch(/^gho_/);
    expect(params.get('token_type')).toBe('bearer');
  });

  it('redirects a cancelled authorization with access_denied and the state', async () => {
    const location = await submit('octo-dev', 'cancel', 'state-9');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-9');
    expect(location.searchParams.get('code')).toBeNull();
  });
});
