import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, githubNotLinkedYet } from './helpers/accounts';
import { expectBrowserErrors, holdRequests, uniqueEmail, useBrowser } from './helpers/browser';

/**
 * Connecting GitHub, and signing in with it, against the GitHub simulator the e2e server runs
 * in-process (demo mode). A GitHub account links to one OpenStake account only, so
 * the one test that links `octo-dev` also signs in with it, and no other test links `octo-dev`:
 * the tests pass in any order.
 */

const browser = useBrowser();
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

/**
 * Signs up a contributor through the form, then signs in; ends on the contributor dashboard, before
 * GitHub is linked.
 */
async function signUpAndSignIn(page: Page, githubUsername: string): Promise<string> {
  const email = uniqueEmail('github');
  expectBrowserErrors(githubNotLinkedYet('contributor'));
  await page.goto('/signUp');
  await page.getByRole('radio', { name: 'Contributor' }).check();
  await page.getByLabel('GitHub Username').fill(githubUsername);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/login'); // 1 s after '✅ User registered successfully!'

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(onPath('/contributor/dashboard'));
  await page.getByRole('heading', { name: 'Contributor Dashboard' }).waitFor();
  return email;
}

/**
 * On the simulator's authorize page: picks the demo user in the picker labelled 'GitHub account'
 * (a <select>, or one button or radio per user) and presses 'Authorize'.
 */
async function approveAs(page: Page, login: string): Promise<void> {
  const authorize = page.getByRole('button', { name: 'Authorize', exact: true });
  await authorize.waitFor();
  const picker = page.getByLabel('GitHub account').first();
  const isSelect =
    (await picker.count()) > 0 &&
    (await picker.evaluate((element) => element.tagName === 'SELECT'));
  if (isSelect) {
    // The option's value may be an id and its text 'octo-dev (Octo Dev)': match either.
    const value = await picker.evaluate((element, wanted) => {
      const match = Array.from((element as HTMLSelectElement).options).find(
        (option) =>
          option.value === wanted ||
          option.text
            .trim()
            .split(/[\s()]+/)
            .includes(wanted),
      );
      return match?.value ?? null;
    }, login);
    if (value === null) throw new Error(`the simulator offers no GitHub account ${login}`);
    await picker.selectOption(value);
  } else if ((await page.getByRole('radio', { name: login, exact: true }).count()) > 0) {
    await page.getByRole('radio', { name: login, exact: true }).check();
  } else {
    await page.getByRole('button', { name: login, exact: true }).click();
  }
  await authorize.click();
}

const githubCard = (page: Page) => page.getByTestId('github-card');
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').getByText(text, { exact: true });

describe('GitHub connection (demo mode)', () => {
  it('shows the demo-mode banner on public pages, without horizontal scroll at 375 px', async () => {
    const page = await browser.newPage({ width: 375, height: 740 });
    for (const path of ['/', '/login', '/signUp']) {
      await page.goto(path);
      await page.getByText('Demo mode', { exact: true }).waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    }
  });

  it('a contributor connects GitHub as octo-dev, then signs in with GitHub', async () => {
    const page = await browser.newPage();
    const email = await signUpAndSignIn(page, 'octo-dev');

    const connect = githubCard(page).getByRole('link', { name: 'Connect GitHub' });
    await connect.waitFor();
    await githubCard(page)
      .getByText('Connect your GitHub account to verify your username and unlock staking.')
      .waitFor();
    await connect.click();
    await approveAs(page, 'octo-dev');

    await page.waitForURL(onPath('/contributor/dashboard'));
    await toast(page, 'GitHub account connected').waitFor();
    await githubCard(page).getByText('GitHub connected').waitFor();
    await githubCard(page).getByText('octo-dev', { exact: true }).waitFor();
    expect(await githubCard(page).getByRole('link', { name: 'Connect GitHub' }).count()).toBe(0);
    // The callback parameters are gone, so a reload does not announce the link again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.reload();
    await githubCard(page).getByText('GitHub connected').waitFor();
    expect(await toast(page, 'GitHub account connected').count()).toBe(0);

    // Sign out, then back in through GitHub alone.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(onPath('/login'));
    await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
    await approveAs(page, 'octo-dev');
    await page.waitForURL(onPath('/contributor/dashboard'));
    await page.getByRole('heading', { name: 'Contributor Dashboard' }).waitFor();
    await page.getByText(email).first().waitFor();
    await githubCard(page).getByText('GitHub connected').waitFor();
  });

  it('approving a GitHub account other than the typed username is refused', async () => {
    const page = await browser.newPage();
    await signUpAndSignIn(page, 'newbie-nia');

    await githubCard(page).getByRole('link', { name: 'Connect GitHub' }).click();
    await approveAs(page, 'octo-dev');

    await page.waitForURL(onPath('/contributor/dashboard'));
    const mismatch =
      'The GitHub account you approved (octo-dev) does not match your GitHub username (newbie-nia)';
    await toast(page, mismatch).waitFor();
    await githubCard(page).getByRole('link', { name: 'Connect GitHub' }).waitFor();
    expect(await githubCard(page).getByText('GitHub connected').count()).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('sign-up with GitHub is offered to contributors and maintainers, not companies', async () => {
    const page = await browser.newPage();
    await page.goto('/signUp');
    await page.getByRole('radio', { name: 'Maintainer' }).check();
    expect(await page.getByRole('link', { name: 'Sign up with GitHub' }).getAttribute('href')).toBe(
      '/api/github/signup?role=maintainer',
    );
    await page.getByRole('radio', { name: 'Company' }).check();
    expect(await page.getByRole('link', { name: 'Sign up with GitHub' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign up with GitHub' }).isDisabled()).toBe(true);
  });

  it('a failed GitHub sign-in shows the message in a toast and on the form, once', async () => {
    const page = await browser.newPage();
    const message = 'No OpenStake account is linked to this GitHub account. Sign up first.';
    await page.goto(`/login?github=error&message=${encodeURIComponent(message)}`);
    await page.getByTestId('login-error').getByText(message).waitFor();
    await toast(page, message).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('keeps the message for the form when the login page arrives after the URL is cleaned', async () => {
    const page = await browser.newPage();
    const message = 'GitHub authorization was cancelled';
    // The login page's code is held back until the root layout has toasted the message and
    // taken it out of the URL, as on a slow network.
    const { release } = await holdRequests(page, /\/assets\/login-page-[^/]*\.js$/);
    await page.goto(`/login?github=error&message=${encodeURIComponent(message)}`);
    await toast(page, message).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    release();
    await page.getByTestId('login-error').getByText(message).waitFor();
  });
});
