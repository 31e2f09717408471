import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectBrowserErrors,
  failedRequest,
  uniqueEmail,
  untilInteractive,
  useBrowser,
} from './helpers/browser';
import { openMailedLink } from './helpers/mail';

const browser = useBrowser();

/**
 * Mailed links in Chromium (issue 31, parts 3 and 4), read from demo mode's mailbox page as a
 * newcomer reads them: confirming an address after sign-up, and "Forgot password?".
 */

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  // The page is prerendered: its form answers once the app has taken it over.
  await untilInteractive(page);
  await page.getByRole('radio', { name: 'Company' }).check();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Hire', exact: true }).waitFor();
}

describe('links mailed to an account, end to end', () => {
  it('a company signs up, sees it must confirm, reads the mail, opens the link, and the banner is gone', async () => {
    const page = await browser.newPage();
    const account = { email: uniqueEmail('confirm'), password: 'a-good-password' };
    await page.goto('/signUp');
    await page.getByRole('heading', { name: 'Join OpenStake Now' }).waitFor();
    await untilInteractive(page);
    await page.getByRole('radio', { name: 'Company' }).check();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/login');

    await signIn(page, account);
    await page.getByText(`Confirm your email address: we sent a link to`).waitFor();

    await openMailedLink(page, account.email, 'Confirm your email address for OpenStake');
    await page.waitForURL(/\/verify-email\?token=/);
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    await page.getByText(`${account.email} is confirmed`).waitFor();

    await page.goto('/company/dashboard');
    await page.getByRole('heading', { name: 'Hire', exact: true }).waitFor();
    expect(await page.getByText('Confirm your email address').count()).toBe(0);

    // The link works once.
    await page.goBack();
    await page.reload();
    expectBrowserErrors(failedRequest(400, /\/api\/auth\/verify-email$/));
    await page.getByRole('heading', { name: 'Could not confirm your email' }).waitFor();
    await page.getByText(/expired or was already used/).waitFor();
  });

  it('a company forgets its password, reads the mail, sets a new one, and signs in with it', async () => {
    const page = await browser.newPage();
    const account = { email: uniqueEmail('forgot'), password: 'a-good-password' };
    const signedUp = await page.request.post('/register', {
      data: { role: 'company', ...account },
    });
    expect(signedUp.status()).toBe(201);

    await page.goto('/login');
    await untilInteractive(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // Its chunk loads on the way: /login's own Email field may still be showing until then.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText(`If an account uses ${account.email}, we sent it a link to set a new password.`)
      .first()
      .waitFor();

    await openMailedLink(page, account.email, 'Reset your OpenStake password');
    await page.waitForURL(/\/reset-password\?token=/);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const newPassword = 'another-good-password';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    // The old password no longer signs in; the new one does.
    const old = await page.request.post('/login', { data: { role: 'company', ...account } });
    expect(old.status()).toBe(401);
    await signIn(page, { ...account, password: newPassword });
  });
});
