import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Role } from '@openstake/core';
import { githubNotLinkedYet, signUpWithApi } from './helpers/accounts';
import {
  expectBrowserErrors,
  failedRequest,
  holdRequests,
  toast,
  uniqueEmail,
  uniqueLogin,
  untilInteractive,
  useBrowser,
} from './helpers/browser';

const browser = useBrowser();

const ROLE_LABEL: Record<Role, string> = {
  contributor: 'Contributor',
  maintainer: 'Maintainer',
  company: 'Company',
};
// Each role's landing page: a maintainer lands on their repositories, a company
// on the hire directory.
const DASHBOARD_HEADING: Record<Role, string> = {
  contributor: 'Contributor Dashboard',
  maintainer: 'Repositories',
  company: 'Hire',
};

async function fillForm(
  page: Page,
  account: { role: Role; email: string; password: string; githubUsername?: string },
) {
  await page.getByRole('radio', { name: ROLE_LABEL[account.role] }).check();
  if (account.githubUsername !== undefined)
    await page.getByLabel('GitHub Username').fill(account.githubUsername);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
}

async function signUp(
  page: Page,
  account: { role: Role; email: string; password: string; githubUsername?: string },
) {
  await page.goto('/signUp');
  await expect
    .poll(() => page.getByRole('heading', { name: 'Join OpenStake Now' }).isVisible())
    .toBe(true);
  await fillForm(page, account);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('✅ User registered successfully!').first().waitFor();
  await page.waitForURL('**/login'); // after 1 s
}

const account = (role: Role) => ({
  role,
  email: uniqueEmail(role),
  password: 'a-good-password',
  ...(role === 'company' ? {} : { githubUsername: uniqueLogin() }),
});

describe('sign up and sign in', () => {
  it.each(['contributor', 'maintainer', 'company'] as const)(
    'a new %s signs up, signs in and lands on their dashboard',
    async (role) => {
      const page = await browser.newPage();
      const me = account(role);
      if (role !== 'company') expectBrowserErrors(githubNotLinkedYet(role));
      await signUp(page, me);

      // The login form remembers the role, GitHub username and email chosen on sign-up.
      await expect
        .poll(() => page.getByRole('heading', { name: 'Welcome back' }).isVisible())
        .toBe(true);
      expect(await page.getByRole('radio', { name: ROLE_LABEL[role] }).isChecked()).toBe(true);
      expect(await page.getByLabel('Email').inputValue()).toBe(me.email);
      if (me.githubUsername)
        expect(await page.getByLabel('GitHub Username').inputValue()).toBe(me.githubUsername);
      else expect(await page.getByLabel('GitHub Username').count()).toBe(0);

      await page.getByLabel('Password', { exact: true }).fill(me.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Success!' }).waitFor();
      await page.getByText(`Welcome back, ${role}!`).waitFor();
      await page.waitForURL(`**/${role}/dashboard`); // after 1.5 s

      await page.getByRole('heading', { name: DASHBOARD_HEADING[role], exact: true }).waitFor();
      await page.getByText(me.email).first().waitFor();
      if (me.githubUsername) await page.getByText(me.githubUsername).first().waitFor();
      if (role === 'contributor') {
        // Before GitHub is linked, the overview already shows the 100 starting coins.
        await page.getByTestId('stat-coins').getByText('100', { exact: true }).waitFor();
        await page.getByTestId('github-required').waitFor();
      }

      // The session is an httpOnly cookie: scripts cannot read it, and no token sits in storage.
      expect(await page.evaluate(() => document.cookie)).not.toContain('openstake_session');
      expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);

      // The session survives a reload; logout ends it and goes to /login.
      await page.reload();
      await page.getByRole('heading', { name: DASHBOARD_HEADING[role], exact: true }).waitFor();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await page.goto(`/${role}/dashboard`);
      await page.waitForURL((url) => url.pathname === '/');
    },
  );

  it("a wrong password shows the server's message in a toast and on the form", async () => {
    const page = await browser.newPage();
    const me = account('contributor');
    expectBrowserErrors(failedRequest(401, /\/login$/));
    await signUp(page, me);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('login-error').getByText('Invalid email or password').waitFor();
    await page.locator('[data-sonner-toast]').getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("signing in with another role picked lands in the account's own area, and says so", async () => {
    const page = await browser.newPage();
    const me = account('contributor');
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    await signUp(page, me);
    await page.getByRole('radio', { name: 'Maintainer' }).check();
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Welcome back, contributor!').waitFor();
    const notice =
      'Login successful. This is a contributor account, not a maintainer account: you are signed in as a contributor.';
    await page.getByTestId('login-role-notice').getByText(notice).waitFor();
    await page.locator('[data-sonner-toast]').getByText(notice).waitFor();
    await page.waitForURL('**/contributor/dashboard');
    // The form now remembers the account's own role.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByRole('radio', { name: 'Contributor' }).isChecked()).toBe(true);
  });

  it('keeps submit disabled until every required field is filled, and asks GitHub only of contributors and maintainers', async () => {
    const page = await browser.newPage();
    await page.goto('/signUp');
    const submit = page.getByRole('button', { name: 'Continue' });
    await page.getByRole('radio', { name: 'Contributor' }).check();
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    expect(await submit.isDisabled()).toBe(true); // GitHub username still missing
    await page.getByLabel('GitHub Username').fill(uniqueLogin());
    expect(await submit.isEnabled()).toBe(true);
    await page.getByRole('radio', { name: 'Company' }).check();
    expect(await page.getByLabel('GitHub Username').count()).toBe(0);
    expect(await submit.isEnabled()).toBe(true);
  });

  it('the password toggle shows and hides the password', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await untilInteractive(page);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('signing up again with a taken email looks like any sign-up and changes nothing', async () => {
    const page = await browser.newPage();
    const me = account('company');
    // The sign-up itself looks like any other; the wrong password afterwards is refused.
    expectBrowserErrors(failedRequest(401, /\/login$/));
    await signUp(page, me);
    // Nobody can learn from the sign-up form that this email has an account...
    await signUp(page, { ...me, password: 'another-good-password' });
    // ...and the account keeps its own password.
    await page.getByLabel('Password', { exact: true }).fill('another-good-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('login-error').getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/company/dashboard');
  });

  it('a common password on sign-up shows the server message', async () => {
    const page = await browser.newPage();
    expectBrowserErrors(failedRequest(400, /\/register$/));
    await page.goto('/signUp');
    await fillForm(page, { ...account('company'), password: 'Password123' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByTestId('sign-up-error')
      .getByText('This password is one of the most common passwords', { exact: false })
      .waitFor();
  });
});

describe('logout', () => {
  const WALLETS = /\/api\/wallet$/;

  /** A new contributor's dashboard, with the header's request for the linked wallets held. */
  async function dashboardWithWalletsHeld() {
    const page = await browser.newPage();
    await signUpWithApi(page, 'contributor', uniqueLogin());
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    const wallets = await holdRequests(page, WALLETS);
    await page.goto('/contributor/dashboard');
    await wallets.requested;
    return { page, wallets };
  }

  it("logging out while the dashboard's requests are still in flight fails none of them", async () => {
    // Press Logout, and let the wallets' request reach the server once it has ended the session
    // but before the page hears so: the order two requests in flight together can take.
    const { page, wallets } = await dashboardWithWalletsHeld();
    // Answered, or stopped by the page (it never reaches the server then).
    const walletsSettled = Promise.race([
      page.waitForResponse(WALLETS),
      page.waitForEvent('requestfailed', (request) => WALLETS.test(request.url())),
    ]);
    await page.route(/\/logout$/, async (route) => {
      const ended = await route.fetch();
      wallets.release();
      await walletsSettled;
      await route.fulfill({ response: ended });
    });
    await untilInteractive(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // A request sent with the ended session answers 401, and fails the test at its end.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });

  it('a change being saved when Logout is pressed is saved first, then the session ends', async () => {
    const page = await browser.newPage();
    await signUpWithApi(page, 'contributor', uniqueLogin());
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    const { user: me } = (await (await page.request.get('/api/user')).json()) as {
      user: { id: string };
    };
    await page.goto('/contributor/settings');
    await untilInteractive(page);
    await page.getByLabel('Display Name').fill('Saved before logout');
    // The save is held in the browser until the session has ended on the server (were Logout to
    // go ahead of it), or for a second and a half (were Logout to wait for it).
    let releaseSave!: () => void;
    const saveReleased = new Promise<void>((resolve) => (releaseSave = resolve));
    let markSaving!: () => void;
    const saving = new Promise<void>((resolve) => (markSaving = resolve));
    await page.route(/\/api\/contributor\/profile\/[^/?]+$/, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      markSaving();
      await saveReleased;
      await route.continue();
    });
    await page.route(/\/logout$/, async (route) => {
      const ended = await route.fetch();
      releaseSave();
      await route.fulfill({ response: ended });
    });
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await saving;
    await page.getByRole('button', { name: 'Logout' }).click();
    setTimeout(releaseSave, 1500);
    await page.waitForURL('**/login');
    // Saved with the session it was sent with (a 401 would also fail the test at its end).
    const saved = await page.request.get(`/api/contributor/profile/${me.id}`);
    expect(
      ((await saved.json()) as { data: { profile: { name: string } } }).data.profile.name,
    ).toBe('Saved before logout');
  });

  it('a logout that fails keeps the session, and asks again for what it stopped', async () => {
    const { page, wallets } = await dashboardWithWalletsHeld();
    await page.route(/\/logout$/, (route) => route.abort('connectionfailed'));
    expectBrowserErrors({ text: /ERR_CONNECTION_FAILED/ });
    await untilInteractive(page);
    const walletsAgain = page.waitForResponse(WALLETS);
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Something went wrong');
    await page.unroute(WALLETS);
    wallets.release();
    expect((await walletsAgain).status()).toBe(200);
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contributor/dashboard');
  });
});

describe('logout forgets what the browser kept for the person', () => {
  it('the next maintainer on the same browser finds neither the issue draft nor the last organization', async () => {
    const page = await browser.newPage();
    await signUpWithApi(page, 'maintainer', uniqueLogin());
    expectBrowserErrors(githubNotLinkedYet('maintainer'));
    await page.goto('/maintainer/new-issue');
    await untilInteractive(page);
    await page.getByLabel('Owner').fill('first-maintainers-org');
    await page.getByLabel('Title').fill('A draft of the first maintainer');
    const draftCookies = async () =>
      (await page.context().cookies()).filter((c) => c.name.startsWith('issueDraft_'));
    await expect.poll(async () => (await draftCookies()).length).toBe(2);
    // The organization settings page keeps the last organization in localStorage under this key.
    await page.evaluate(() => {
      localStorage.setItem('lastOrgLogin', 'first-maintainers-org');
    });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await expect.poll(async () => (await draftCookies()).length).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('lastOrgLogin'))).toBeNull();

    // The next person signs in on this browser: the form starts empty.
    await signUpWithApi(page, 'maintainer', uniqueLogin());
    await page.goto('/maintainer/new-issue');
    await untilInteractive(page);
    expect(await page.getByLabel('Owner').inputValue()).toBe('');
    expect(await page.getByLabel('Title').inputValue()).toBe('');
  });
});

describe('route guards', () => {
  it('a signed-out visitor of /contributor/dashboard is sent to /', async () => {
    const page = await browser.newPage();
    await page.goto('/contributor/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a contributor visiting /company/dashboard is sent to /, and unknown contributor paths go to the dashboard', async () => {
    const page = await browser.newPage();
    const me = account('contributor');
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    await signUp(page, me);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/contributor/dashboard');

    await page.goto('/company/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/contributor/no-such-page');
    await page.waitForURL('**/contributor/dashboard');
    await page.goto('/somewhere/else');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
