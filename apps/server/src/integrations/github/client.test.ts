/**
 * Retries and rate limits of every GitHub request (client.ts: Octokit's retry plugin; rate
 * limits reported, not waited out), against a small HTTP server that answers as GitHub's REST API does, a scripted
 * answer per request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { githubClients } from './client';
import { createGithub } from './github';
import type { Github } from './port';

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const REPOSITORY = {
  id: 1,
  full_name: 'octo/repo',
  html_url: 'https://github.example/octo/repo',
  description: null,
  language: 'TypeScript',
  stargazers_count: 3,
  forks_count: 1,
  created_at: '2020-01-01T00:00:00Z',
  private: false,
  permissions: { push: true },
};
const SECONDARY_LIMIT =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

let server: Server;
let github: Github;
let script: Answer[] = [];
let seen: { method: string; url: string; at: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', at: Date.now() });
    const answer = script.shift() ?? { status: 500, body: { message: 'no answer scripted' } };
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  github = createGithub(
    githubClients({ apiUrl, webUrl: apiUrl, clientId: 'c', clientSecret: 's' }, { retryBaseMs: 1 }),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  seen = [];
});

describe('GitHub requests: retries and rate limits', () => {
  it('a read answered 502, then 200, is asked again and succeeds', async () => {
    script = [
      { status: 502, body: { message: 'Server Error' } },
      { status: 200, body: REPOSITORY },
    ];
    const found = await github.repository('token', 'octo', 'repo');
    expect(found).toMatchObject({ id: 1, fullName: 'octo/repo', canPush: true });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /repos/octo/repo',
      'GET /repos/octo/repo',
    ]);
  });

  it('a read that keeps failing is tried three times, then GitHub is reported unavailable', async () => {
    script = Array.from({ length: 4 }, () => ({ status: 503, body: { message: 'Unavailable' } }));
    await expect(github.repository('token', 'octo', 'repo')).rejects.toMatchObject({
      code: 'GITHUB_UNAVAILABLE',
    });
    expect(seen).toHaveLength(3);
  });

  it('a write answered 502 is not asked again (it might have been applied)', async () => {
    script = [{ status: 502, body: { message: 'Server Error' } }];
    await expect(
      github.createIssueComment('token', {
        owner: 'octo',
        repo: 'repo',
        issueNumber: 1,
        body: 'hi',
      }),
    ).rejects.toMatchObject({ code: 'GITHUB_UNAVAILABLE' });
    expect(seen.map((r) => r.method)).toEqual(['POST']);
  });

  it('a 404 is an answer: asked once', async () => {
    script = [{ status: 404, body: { message: 'Not Found' } }];
    expect(await github.repository('token', 'octo', 'repo')).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('a secondary rate limit is reported at once with the wait, not asked again', async () => {
    script = [
      { status: 403, body: { message: SECONDARY_LIMIT }, headers: { 'retry-after': '90' } },
      { status: 200, body: REPOSITORY },
    ];
    await expect(github.repository('token', 'octo', 'repo')).rejects.toMatchObject({
      code: 'GITHUB_RATE_LIMITED',
      message: 'GitHub rate limit reached. Please try again in 2 minutes.',
    });
    expect(seen).toHaveLength(1);
  });

  it('the primary rate limit (remaining 0) is reported with the minutes until it resets', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 30 * 60;
    script = [
      {
        status: 403,
        body: { message: 'API rate limit exceeded for user ID 1.' },
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      },
    ];
    await expect(github.repository('token', 'octo', 'repo')).rejects.toMatchObject({
      code: 'GITHUB_RATE_LIMITED',
      message: expect.stringMatching(
        /^GitHub rate limit reached\. Please try again in 3[01] minutes\.$/,
      ),
    });
    expect(seen).toHaveLength(1);
  });
});
