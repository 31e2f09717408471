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

/** A contributor signed up through the API who set a display name: their id and account. */
async function contributorWithName(page: Page, name: string) {
  const login = uniqueLogin('pub');
  const account = await signUpWithApi(page, 'contributor', login);
  const me = await page.request.get('/api/user');
  const id = ((await me.json()) as { user: { id: string } }).user.id;
  const saved = await page.request.put(`/api/contributor/profile/${id}`, {
    data: { profile: { name, bio: '' } },
  });
  expect(saved.status()).toBe(200);
  return { id, login, account };
}

/** What a profile that is hidden, or that does not exist, says to anyone but its owner. */
async function expectPrivate(page: Page, id: string): Promise<void> {
  await page.goto(`/contributor/profile/${id}/public`);
  await page.getByRole('heading', { name: 'This profile is private', level: 1 }).waitFor();
}

describe('the public contributor profile', () => {
  it('is open to anonymous visitors, maintainers and companies, without private details', async () => {
    const contributor = await browser.newPage();
    const name = `Public Person ${uniqueLogin('n')}`;
    const { id, login, account } = await contributorWithName(contributor, name);

    // Signed out: the profile shows, with Sign in instead of Logout, and no email. The username
    // typed at sign-up was never proven on GitHub: it is not shown as a login.
    const anonymous = await browser.newPage();
    await openProfile(anonymous, id, name);
    await anonymous.getByRole('link', { name: 'Sign in' }).waitFor();
    await anonymous.getByTestId('rank-progress').waitFor();
    await anonymous.getByText('GitHub not verified', { exact: true }).waitFor();
    expect(await anonymous.getByText(account.email).count()).toBe(0);
    expect(await anonymous.getByText(login).count()).toBe(0);

    // A maintainer sees it too, with a way back to their own dashboard.
    const maintainer = await browser.newPage();
    await signUpWithApi(maintainer, 'maintainer', uniqueLogin('mnt'));
    await openProfile(maintainer, id, name);
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
    await openProfile(company, id, name);
    await company.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
  });

  it('an unknown contributor is "This profile is private", as a hidden one is', async () => {
    const page = await browser.newPage();
    expectBrowserErrors(failedRequest(404, /\/api\/contributor\/profile\/0{8}-/));
    await expectPrivate(page, '00000000-0000-4000-8000-000000000000');
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
  });

  it('a contributor who hides is "This profile is private" to everyone but themselves', async () => {
    const contributor = await browser.newPage();
    const name = `Hidden Person ${uniqueLogin('n')}`;
    const { id } = await contributorWithName(contributor, name);
    const hidden = await contributor.request.put('/api/contributor/privacy', {
      data: { listedInDirectory: false, emailVisibleToCompanies: false, companiesMayContact: true },
    });
    expect(hidden.status()).toBe(200);
    const profileUrl = new RegExp(`/api/contributor/profile/${id}$`);

    // Signed out, and signed in as a company: the same words as for an unknown id.
    const anonymous = await browser.newPage();
    expectBrowserErrors(failedRequest(404, profileUrl));
    await expectPrivate(anonymous, id);
    expect(await anonymous.getByText(name).count()).toBe(0);
    const company = await browser.newPage();
    const companyAccount = {
      role: 'company',
      email: uniqueEmail('co'),
      password: 'a-good-password',
    };
    expect((await company.request.post('/register', { data: companyAccount })).status()).toBe(201);
    expect((await company.request.post('/login', { data: companyAccount })).status()).toBe(200);
    await expectPrivate(company, id);
    expect(await company.getByText(name).count()).toBe(0);

    // Its owner still sees it.
    await openProfile(contributor, id, name);
  });
});
