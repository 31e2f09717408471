import { describe, expect, it } from 'vitest';
import { githubNotLinkedYet, signUpWithApi } from './helpers/accounts';
import { expectBrowserErrors, uniqueLogin, useBrowser } from './helpers/browser';

const browser = useBrowser();

const PAGES = [
  '/maintainer/new-issue',
  '/maintainer/open-issue/3?owner=openstake-labs&repo=stake-engine',
  '/maintainer/bounty-issues',
  '/maintainer/org-settings/config',
  '/maintainer/org-settings/api-keys',
  '/maintainer/docs',
  '/maintainer/integrations',
  '/maintainer/referrals',
  '/maintainer/reports',
  '/maintainer/support',
];

describe('the maintainer area layout', () => {
  it.each([
    [390, 844],
    [1024, 768],
    [1280, 800],
  ])(
    'every maintainer page fits a %i px wide screen without horizontal scrolling',
    async (width, height) => {
      const page = await browser.newPage({ width, height });
      await signUpWithApi(page, 'maintainer', uniqueLogin('layout'));
      // The pages are shown without a linked GitHub account (the open-issue page's pull request).
      expectBrowserErrors(githubNotLinkedYet('maintainer'));
      for (const path of PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    },
  );

  it('keeps the collapsed sidebar and the unfinished issue draft in cookies across a reload', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    await signUpWithApi(page, 'maintainer', uniqueLogin('cookies'));
    expectBrowserErrors(githubNotLinkedYet('maintainer'));
    await page.goto('/maintainer/new-issue');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    const title = 'Fix the widget; 100% broken, again';
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    expect(await page.getByRole('button', { name: 'Expand sidebar' }).count()).toBe(1);
    const cookies = await page.context().cookies();
    const sidebar = cookies.find((c) => c.name === 'sidebar_state');
    expect(sidebar).toMatchObject({ value: 'false', path: '/', sameSite: 'Lax' });
    // Seven days, as the product has it, give or take the seconds the test took.
    expect(sidebar!.expires * 1000 - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(cookies.find((c) => c.name === 'issueDraft_title')?.path).toBe('/maintainer');
  });
});
