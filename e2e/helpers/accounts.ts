import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  expectBrowserErrors,
  failedRequest,
  uniqueEmail,
  type ExpectedBrowserError,
} from './browser';
import { confirmAddress } from './mail';

/**
 * Until GitHub is linked, the role's GitHub-backed calls (the contributor's dashboard profile, the
 * maintainer's repositories) answer 403 'GitHub authentication required', and the page says so.
 */
export const githubNotLinkedYet = (role: Account['role']): ExpectedBrowserError =>
  failedRequest(403, role === 'contributor' ? /\/api\/contributor\// : /\/api\/maintainer\//);

/** Every e2e account's password. */
export const PASSWORD = 'a-good-password';

export interface Account {
  role: 'contributor' | 'maintainer';
  email: string;
  password: string;
  githubUsername: string;
}

/** A new account's sign-up (and login) body, with a unique email. */
export const newAccount = (role: Account['role'], githubUsername: string): Account => ({
  role,
  email: uniqueEmail(githubUsername),
  password: PASSWORD,
  githubUsername,
});

/** Signs up and in through the API; the session cookie lands in the page's context. */
export async function signUpWithApi(
  page: Page,
  role: Account['role'],
  githubUsername: string,
): Promise<Account> {
  const account = newAccount(role, githubUsername);
  expect((await page.request.post('/register', { data: account })).status()).toBe(201);
  expect((await page.request.post('/login', { data: account })).status()).toBe(200);
  return account;
}

/**
 * Signs up and in through the API, then proves the GitHub username on the simulator's authorize
 * page from the role's dashboard. Returns the simulator's origin (for its `/_sim` and REST API).
 */
export async function signUpAndLinkGithub(
  page: Page,
  role: Account['role'],
  githubUsername: string,
): Promise<string> {
  await signUpWithApi(page, role, githubUsername);
  // The dashboard opens before the account is linked.
  expectBrowserErrors(githubNotLinkedYet(role));
  const dashboard = `/${role}/dashboard`;
  await page.goto(dashboard);
  await page.getByRole('link', { name: 'Connect GitHub' }).first().click();
  await page.getByLabel('GitHub account').selectOption(githubUsername);
  const simOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(`**${dashboard}*`);
  return simOrigin;
}

/**
 * Signs in as one of the demo's maintainers (seeded at the server's first start, linked to their
 * simulator account, without a password) through 'Sign in with GitHub', as a demo visitor does.
 * Returns the simulator's origin.
 */
export async function signInAsDemoMaintainer(page: Page, login: string): Promise<string> {
  return signInWithGithubAs(page, login, 'maintainer');
}

/**
 * Signs in as a demo account linked to its simulator account (a maintainer, or one of the demo's
 * linked contributors) through 'Sign in with GitHub'. Returns the simulator's origin.
 */
export async function signInWithGithubAs(
  page: Page,
  login: string,
  role: 'contributor' | 'maintainer',
): Promise<string> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.getByLabel('GitHub account').selectOption(login);
  const simOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(`**/${role}/dashboard*`);
  return simOrigin;
}

/**
 * Signs a new company up and in through the API, with its address confirmed (a company writes to
 * contributors only from a confirmed address). Returns its email.
 */
export async function signUpConfirmedCompany(page: Page, prefix: string): Promise<string> {
  const account = { role: 'company', email: uniqueEmail(prefix), password: PASSWORD };
  expect((await page.request.post('/register', { data: account })).status()).toBe(201);
  await confirmAddress(account.email);
  expect((await page.request.post('/login', { data: account })).status()).toBe(200);
  return account.email;
}

/**
 * The demo seeds its contributors while the server already serves: waits until the directory
 * lists `login` (asked as the signed-in company of `page`). Returns their user id.
 */
export async function untilDemoContributorListed(page: Page, login: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/company/contributors?q=${login}`);
        const rows = ((await res.json()) as { data?: { id: string }[] }).data ?? [];
        id = rows[0]?.id ?? '';
        return rows.length;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(1);
  return id;
}
