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
});
