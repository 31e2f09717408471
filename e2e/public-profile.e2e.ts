import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { githubNotLinkedYet, signUpWithApi } from './helpers/accounts';
import {
  expectBrowserErrors,
  failedRequest,
  uniqueEmail,
  uniqueLogin,
  useBrowser,
} from './helpers/browser';

const browser = useBrowser();

/** Opens the public profile and waits for the contributor's name; the page must not redirect. */
async function openProfile(page: Page, id: string, name: string): Promise<void> {
  const path = `/contributor/profile/${id}/public`;
  await page.goto(path);
  await page.getByTestId('profile-name').getByText(name).waitFor();
  expect(new URL(page.url()).pathname).toBe(path);
}

describe('the public contributor profile', () => {
  it('is open to anonymous visitors, maintainers and companies, without private details', async () => {
    const contributor = await browser.newPage();
    const login = uniqueLogin('pub');
    const account = await signUpWithApi(contributor, 'contributor', login);
    const me = await contributor.request.get('/api/user');
    const id = ((await me.json()) as { user: { id: string } }).user.id;

    // Signed out: the profile shows, with Sign in instead of Logout, and no email.
    const anonymous = await browser.newPage();
    await openProfile(anonymous, id, login);
    await anonymous.getByRole('link', { name: 'Sign in' }).waitFor();
    await anonymous.getByTestId('rank-progress').waitFor();
    expect(await anonymous.getByText(account.email).count()).toBe(0);

    // A maintainer sees it too, with a way back to their own dashboard.
    const maintainer = await browser.newPage();
    await signUpWithApi(maintainer, 'maintainer', uniqueLogin('mnt'));
    await openProfile(maintainer, id, login);
    expectBrowserErrors(githubNotLinkedYet('maintainer')); // their dashboard, GitHub not linked
    await maintainer.getByRole('link', { name: 'Back to Dashboard' }).click();
    await maintainer.waitForURL('**/maintainer/dashboard');

    // And a company.
    const company = await browser.newPage();
    const companyAccount = {
      role: 'company',
      email: uniqueEmail('co'),
      password: 'a-good-password',
    };
    expect((await company.request.post('/register', { data: companyAccount })).status()).toBe(201);
    expect((await company.request.post('/login', { data: companyAccount })).status()).toBe(200);
    await openProfile(company, id, login);
    await company.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
  });

  it('an unknown contributor is "Profile not found" for an anonymous visitor', async () => {
    const page = await browser.newPage();
    expectBrowserErrors(failedRequest(404, /\/api\/contributor\/profile\/0{8}-/));
    await page.goto('/contributor/profile/00000000-0000-4000-8000-000000000000/public');
    await page.getByRole('heading', { name: 'Profile not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
  });
});
