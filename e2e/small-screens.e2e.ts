import { APP_PAGES } from '@openstake/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  githubNotLinkedYet,
  signInAsDemoMaintainer,
  signInWithGithubAs,
  signUpConfirmedCompany,
  signUpWithApi,
  untilDemoContributorListed,
} from './helpers/accounts';
import { verifyEmailMail } from '@openstake/server/src/modules/mail/templates/verify-email';
import {
  baseUrl,
  expectBrowserErrors,
  uniqueEmail,
  uniqueLogin,
  useBrowser,
} from './helpers/browser';
import { sendToDemoMailbox } from './helpers/mail';
import { newEvmAccount } from './helpers/wallets';
import { simControl } from './helpers/github-sim';

const browser = useBrowser();

/** A small phone's screen. */
const PHONE = { width: 375, height: 740 };

// Demo accounts, linked to their simulator accounts at the demo's start: devon-docs has stakes of
// every kind and accepts messages from companies; frontend-fay administers pixel-forge, whose
// pixel-ui the demo connects.
const CONTRIBUTOR = 'devon-docs';
const MAINTAINER = 'frontend-fay';
const OWNER = 'pixel-forge';
const REPO = 'pixel-ui';

/**
 * What does not fit the screen as the page now shows it: the page scrolling sideways, a control
 * (button, link, field, tab...) that reaches past the screen's edge or past the edge of a box
 * that hides or scrolls its overflow (a tab bar scrolled to its first tabs cuts the last ones),
 * and a text shortened with an ellipsis (what a person needs to read is shown in full, wrapped),
 * but for a conversation's one-line preview in a list of conversations, opened in full beside it.
 */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollWidth > page.clientWidth) {
    problems.push(`the page scrolls sideways: ${page.scrollWidth} px wide in ${page.clientWidth}`);
  }
  const screenWidth = document.documentElement.clientWidth;
  const name = (element: Element) => {
    const label =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).placeholder ??
      element.textContent ??
      '';
    const text = label.replace(/\s+/g, ' ').trim().slice(0, 60);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${text}"`;
  };
  // Behind an open dialog the page is hidden from assistive technology and inert: not checked.
  const shown = (element: Element) =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
    element.closest('[aria-hidden="true"], [inert]') === null;

  const controls = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="button"], [role="link"], [role="combobox"], [role="checkbox"], [role="switch"], [role="menuitem"]',
  );
  for (const control of Array.from(controls)) {
    if (!shown(control)) continue;
    const box = control.getBoundingClientRect();
    // Visually hidden form parts (Radix's native select and checkbox input) are a pixel wide.
    if (box.width < 2 || box.height < 2) continue;
    if (box.left < -0.5 || box.right > screenWidth + 0.5) {
      problems.push(
        `${name(control)} reaches past the screen (${Math.round(box.left)}..${Math.round(box.right)} of ${screenWidth})`,
      );
      continue;
    }
    for (let frame = control.parentElement; frame && frame !== document.body;) {
      const edges = frame.getBoundingClientRect();
      const clips = getComputedStyle(frame).overflowX !== 'visible';
      if (clips && (box.left < edges.left - 0.5 || box.right > edges.right + 0.5)) {
        problems.push(
          `${name(control)} is cut by ${frame.tagName.toLowerCase()}.${(frame.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.')} (${Math.round(box.left)}..${Math.round(box.right)} in ${Math.round(edges.left)}..${Math.round(edges.right)})`,
        );
        break;
      }
      frame = frame.parentElement;
    }
  }

  for (const element of Array.from(document.querySelectorAll('body *'))) {
    if (!(element instanceof HTMLElement) || !shown(element)) continue;
    const style = getComputedStyle(element);
    if (style.textOverflow !== 'ellipsis') continue;
    if (element.closest('[data-testid="conversation"]')) continue;
    if (element.scrollWidth > element.clientWidth + 0.5) {
      problems.push(`${name(element)} is shortened with an ellipsis`);
    }
  }
  return problems;
}

/**
 * Checks the page as it now shows, once its data has arrived and its animations (a dialog
 * opening) have ended; each problem is recorded under `what`, so one run lists them all.
 */
/** The paths the checks ran on, to prove every page of the route table was opened. */
const opened = new Set<string>();

async function check(page: Page, what: string, found: string[]): Promise<void> {
  opened.add(new URL(page.url()).pathname);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  for (const problem of await page.evaluate(layoutProblems)) found.push(`${what}: ${problem}`);
}

/** Opens `path` and checks it once its first heading shows. */
async function visit(page: Page, path: string, found: string[]): Promise<void> {
  // An address the page resolves into another (an issue by its repository and number) counts too.
  opened.add(new URL(path, 'http://openstake.test').pathname);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await check(page, path, found);
}

/**
 * The signed-in user's e-mail is in the header's account menu (a phone's header has no room for
 * it beside Logout), in full; the open menu is checked too.
 */
async function checkAccountMenu(page: Page, found: string[]): Promise<void> {
  const { user } = (await (await page.request.get('/api/user')).json()) as {
    user: { email: string };
  };
  await page.locator('header').getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('menu');
  await menu.getByText(user.email, { exact: true }).waitFor();
  await menu.getByRole('menuitem', { name: 'Logout' }).waitFor();
  await check(page, 'the account menu', found);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
}

describe('every page on a 375 px wide screen', () => {
  it('signed out: the landing page and its menu, sign-in, sign-up, the account links and a public profile', async () => {
    const found: string[] = [];
    const company = await browser.newPage();
    await signUpConfirmedCompany(company, 'small');
    const contributorId = await untilDemoContributorListed(company, CONTRIBUTOR);

    const page = await browser.newPage(PHONE);
    await visit(page, '/', found);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await check(page, '/ with its menu open', found);
    await visit(page, '/login', found);
    await visit(page, '/signUp', found);
    await visit(page, '/forgot-password', found);
    // The pages the mailed links open, here without a token: they say the link is incomplete.
    await visit(page, '/reset-password', found);
    await visit(page, '/verify-email', found);
    await visit(page, `/contributor/profile/${contributorId}/public`, found);
    // The demo mailbox, a long link in a message open beside the list (below it on a phone).
    await sendToDemoMailbox(
      verifyEmailMail({ to: uniqueEmail('phone'), token: 'x'.repeat(64) }, { publicUrl: baseUrl }),
    );
    await visit(page, '/demo/mailbox', found);
    await page.getByRole('list', { name: 'Messages' }).getByRole('link').first().click();
    await page.getByTestId('demo-mail-text').waitFor();
    await check(page, 'the demo mailbox with a message open', found);
    expect(found).toEqual([]);
  });

  it('a contributor: the dashboard and each tab, an issue and its stake dialog, profile, settings, wallet', async () => {
    const found: string[] = [];
    const company = await browser.newPage();
    await signUpConfirmedCompany(company, 'small');
    const contributorId = await untilDemoContributorListed(company, CONTRIBUTOR);
    // A company's message, so the Messages tab shows a conversation.
    const sent = await company.request.post(`/api/company/contributors/${contributorId}/messages`, {
      data: { text: 'Hello Devon, we are hiring technical writers who code. Interested?' },
    });
    expect(sent.status()).toBe(201);

    const page = await browser.newPage(PHONE);
    await signInWithGithubAs(page, CONTRIBUTOR, 'contributor');
    await visit(page, '/contributor/dashboard', found);
    await checkAccountMenu(page, found);
    await visit(page, '/contributor/dashboard?tab=stakes', found);
    await page.getByTestId('stake-row').first().waitFor();
    await check(page, 'My Stakes', found);
    await visit(page, '/contributor/dashboard?tab=messages', found);
    await page.getByTestId('conversation').first().click();
    await check(page, 'a conversation in Messages', found);
    await visit(page, '/contributor/dashboard?tab=issues', found);
    const card = page.getByTestId('suggested-issue').first();
    await card.waitFor();
    await check(page, 'Suggested Issues', found);

    // The issue a suggestion leads to, its stake dialog, and the same issue by its address.
    const repository = (await card.locator('p > span').first().textContent()) ?? '';
    const number = (
      (await card
        .getByText(/^#\d+$/)
        .first()
        .textContent()) ?? ''
    ).slice(1);
    await card.getByRole('link', { name: 'Stake Now' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await check(page, 'an issue', found);
    await page.getByRole('button', { name: 'Stake & Start Working' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, "an issue's stake dialog", found);
    await page.keyboard.press('Escape');
    await visit(page, `/contributor/issue/${repository}/${number}`, found);

    await visit(page, '/contributor/profile', found);
    await visit(page, '/contributor/settings', found);
    // Where a notification mail's List-Unsubscribe leads: the contributor's settings.
    await visit(page, '/settings/notifications', found);
    expect(new URL(page.url()).pathname).toBe('/contributor/settings');
    await visit(page, `/contributor/profile/${contributorId}/public`, found);
    await visit(page, '/connect-wallet', found);
    expect(found).toEqual([]);
  });

  it('a maintainer: repositories, their pull requests and issues, bounty issues, organization settings and every other page', async () => {
    const found: string[] = [];
    const page = await browser.newPage(PHONE);
    const simOrigin = await signInAsDemoMaintainer(page, MAINTAINER);
    await page.getByTestId('repository-row').first().waitFor();
    await check(page, 'Repositories', found);
    await checkAccountMenu(page, found);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'the navigation sheet', found);
    await page.keyboard.press('Escape');

    // A pull request's details, its merge dialog, and the bounty issue opened for it.
    const pr = await simControl<{ number: number }>(simOrigin, `/repos/${OWNER}/${REPO}/pulls`, {
      author: CONTRIBUTOR,
      title: 'Tighten the spacing of the button group on phones',
      body: '',
    });
    await visit(page, `/maintainer/repo/${OWNER}/${REPO}/issues`, found);
    const card = page.getByTestId('pull-request').filter({ hasText: `#${pr.number}` });
    await card.getByRole('button', { name: 'View Details' }).click();
    await card.getByRole('button', { name: 'Merge PR' }).waitFor();
    await check(page, "a pull request's details", found);
    await card.getByRole('button', { name: 'Merge PR' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'the merge feedback dialog', found);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await card.getByRole('link', { name: 'New Issue for PR' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await check(page, 'a new issue for a pull request', found);

    for (const path of [
      `/maintainer/repo/${OWNER}/${REPO}/prs`,
      '/maintainer/new-issue',
      '/maintainer/bounty-issues',
      '/maintainer/org-settings/config',
      '/maintainer/org-settings/api-keys',
      '/maintainer/docs',
      '/maintainer/integrations',
      '/maintainer/referrals',
      '/maintainer/reports',
      '/maintainer/support',
      '/connect-wallet',
    ]) {
      await visit(page, path, found);
    }
    expect(found).toEqual([]);
  });

  it("a maintainer whose wallet is linked: the header's wallet fits beside Settings and the account menu", async () => {
    const found: string[] = [];
    const page = await browser.newPage(PHONE);
    const login = uniqueLogin('phone');
    await signUpWithApi(page, 'maintainer', login);
    expectBrowserErrors(githubNotLinkedYet('maintainer'));
    // The wallet is linked as /connect-wallet links it: a challenge, signed by the wallet's key.
    const wallet = newEvmAccount();
    const stored = await page.request.post('/api/store/values', {
      data: { githubUsername: login, publicKey: wallet.address },
    });
    expect(stored.status()).toBe(200);
    const { message } = ((await stored.json()) as { challenge: { message: string } }).challenge;
    const linked = await page.request.post('/api/users/create', {
      data: {
        walletAddress: wallet.address,
        githubUsername: login,
        walletType: 'metamask',
        message,
        signature: await wallet.signMessage({ message }),
      },
    });
    expect(linked.status()).toBe(200);
    await page.goto('/maintainer/dashboard');
    await page.getByTestId('wallet-connected').waitFor();
    await check(page, 'a maintainer with a linked wallet', found);
    expect(found).toEqual([]);
  });

  it('a company: the hire directory, a profile and its contact form, messages, settings', async () => {
    const found: string[] = [];
    const page = await browser.newPage(PHONE);
    await signUpConfirmedCompany(page, 'small');
    await untilDemoContributorListed(page, CONTRIBUTOR);
    await visit(page, '/company/dashboard', found);
    await checkAccountMenu(page, found);
    await page.getByRole('button', { name: `View Profile of ${CONTRIBUTOR}` }).click();
    const profile = page.getByRole('dialog');
    await profile.getByRole('list', { name: 'Verified work' }).waitFor();
    await check(page, 'a contributor profile', found);
    await profile.getByRole('button', { name: 'Contact Contributor' }).click();
    await check(page, "a contributor profile's contact form", found);
    await profile.getByRole('textbox', { name: /^Message to/ }).fill('Would you review our docs?');
    await profile.getByRole('button', { name: 'Send' }).click();
    await profile.getByTestId('message-mine').waitFor();
    await check(page, 'a contributor profile with the message sent', found);
    await page.keyboard.press('Escape');
    await visit(page, '/company/messages', found);
    await page.getByTestId('conversation').first().click();
    await check(page, 'a conversation in Messages', found);
    await visit(page, '/company/settings', found);
    await page.getByRole('switch').first().waitFor();
    await check(page, 'Settings with its switch', found);
    // Where a notification mail's List-Unsubscribe leads: the company's settings.
    await visit(page, '/settings/notifications', found);
    expect(new URL(page.url()).pathname).toBe('/company/settings');
    expect(found).toEqual([]);
  });

  it("opened every page of the app's route table", () => {
    const pattern = (page: string) => new RegExp(`^${page.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    const missed = APP_PAGES.filter(
      (page) => ![...opened].some((path) => pattern(page).test(path)),
    );
    expect(missed).toEqual([]);
  });
});
