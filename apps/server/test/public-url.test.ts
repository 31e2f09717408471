/**
 * The links the server writes outside a request (the bot's comments on GitHub, the GitHub App's
 * webhook, the start-up log) name where people reach it: PUBLIC_URL when set, otherwise the
 * address it listens on. The real entrypoint, as `npm start` runs it in demo mode, whose GitHub
 * simulator the test drives over its `/_sim` routes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionUser } from '@openstake/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Account } from './helpers/factories';
import { linkGithub } from './helpers/link-github';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process';

const REPO = 'openstake-labs/stake-engine';
const BOT = 'openstake[bot]';

let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await server?.stop('SIGTERM');
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

async function start(env: Record<string, string> & { PORT: string }): Promise<ServerProcess> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'openstake-public-url-'));
  server = await startServerProcess({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    ...env,
  });
  return server;
}

/** The message of the start-up line, "OpenStake is running at …". */
const runningAt = (output: string): string | undefined =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string })
    .find((line) => line.msg?.startsWith('OpenStake is running at'))?.msg;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${String(res.status)}`);
  return (await res.json()) as T;
}

/** Signs a maintainer up and in over HTTP, and links the GitHub account `login`. */
async function maintainer(base: string, login: string): Promise<Account> {
  const body = JSON.stringify({
    role: 'maintainer',
    email: `${login}@example.com`,
    password: 'a-good-long-password-1',
    githubUsername: login,
  });
  const headers = { 'content-type': 'application/json' };
  expect((await fetch(`${base}/register`, { method: 'POST', headers, body })).status).toBe(201);
  const signedIn = await fetch(`${base}/login`, { method: 'POST', headers, body });
  expect(signedIn.status).toBe(200);
  const { user, token } = (await signedIn.json()) as { user: SessionUser; token: string };
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('openstake_session='));
  const account = { user, token, email: '', password: '', cookie: cookie ?? '' };
  await linkGithub(base, account, login);
  return account;
}

/** Polls until `check` returns something, for work the server does after answering. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * What the server wrote outside a request: the GitHub App's webhook URL it gave the simulator,
 * and the bot's answer to `/stake` by a GitHub user with no OpenStake account (where to sign up).
 * A maintainer installs the app on the repository first, so its comments reach OpenStake.
 */
async function linksWritten(base: string) {
  const sim = (await json<{ data: { githubWebUrl: string } }>(`${base}/api/config`)).data
    .githubWebUrl;
  const apps = await json<{ slug: string; webhookUrl: string | null }[]>(`${sim}/_sim/apps`);
  const mia = await maintainer(base, 'mia-maintainer');
  const post = (url: string, body: object) =>
    json<{ number: number }>(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post(`${sim}/_sim/apps/openstake/installations`, {
    account: 'openstake-labs',
    repositories: ['stake-engine'],
    by: 'mia-maintainer',
  });
  await eventually(async () => {
    const list = await json<{ data: { fullName: string }[] }>(
      `${base}/api/maintainer/repositories`,
      { headers: { cookie: mia.cookie } },
    );
    return list.data.some((r) => r.fullName === REPO) || undefined;
  }, `${REPO} to be connected`);
  const pull = await post(`${sim}/_sim/repos/${REPO}/pulls`, {
    author: 'prolific-pat',
    title: 'Speed up the engine',
    body: 'Fixes #1',
  });
  await post(`${sim}/_sim/repos/${REPO}/issues/${String(pull.number)}/comments`, {
    author: 'prolific-pat',
    body: '/stake',
  });
  const reply = await eventually(async () => {
    const comments = await json<{ user: { login: string } | null; body: string }[]>(
      `${sim}/api/v3/repos/${REPO}/issues/${String(pull.number)}/comments`,
    );
    return comments.find((c) => c.user?.login === BOT)?.body;
  }, "the bot's reply");
  return { appWebhookUrl: apps.find((a) => a.slug === 'openstake')?.webhookUrl, reply };
}

describe('the real server', () => {
  it('on HOST=127.0.0.1 logs, and links, the address it listens on', async () => {
    const port = String(await freePort());
    const started = await start({ HOST: '127.0.0.1', PORT: port });
    const base = `http://127.0.0.1:${port}`;
    expect(runningAt(started.output())).toBe(`OpenStake is running at ${base}`);
    const { appWebhookUrl, reply } = await linksWritten(base);
    expect(appWebhookUrl).toBe(`${base}/api/github/webhooks`);
    expect(reply).toBe(
      `@prolific-pat No OpenStake account has connected this GitHub account. Sign up at ${base}/signUp and connect GitHub, then comment \`/stake\` again.`,
    );
    expect(started.errorLogs()).toEqual([]);
  }, 120_000);

  it('with PUBLIC_URL, logs and links PUBLIC_URL', async () => {
    const port = String(await freePort());
    // Another name of the same machine than HOST, with a trailing slash as people write it.
    const publicUrl = `http://localhost:${port}`;
    const started = await start({ HOST: '127.0.0.1', PORT: port, PUBLIC_URL: `${publicUrl}/` });
    expect(runningAt(started.output())).toBe(`OpenStake is running at ${publicUrl}`);
    const { appWebhookUrl, reply } = await linksWritten(publicUrl);
    expect(appWebhookUrl).toBe(`${publicUrl}/api/github/webhooks`);
    expect(reply).toContain(` Sign up at ${publicUrl}/signUp `);
    expect(started.errorLogs()).toEqual([]);
  }, 120_000);
});
