import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { uniqueEmail } from './browser';

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
  const dashboard = `/${role}/dashboard`;
  await page.goto(dashboard);
  await page.getByRole('link', { name: 'Connect GitHub' }).first().click();
  await page.getByLabel('GitHub account').selectOption(githubUsername);
  const simOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(`**${dashboard}*`);
  return simOrigin;
}
