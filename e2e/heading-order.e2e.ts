import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { headingOrderProblems } from '../apps/web/src/test/heading-order';
import { signUpAndLinkGithub } from './helpers/accounts';
import { useBrowser } from './helpers/browser';

const browser = useBrowser();

/** The headings a screen reader lists (not hidden), in document order: `h2 Title`. */
const outline = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
      .filter((h) => h.checkVisibility() && !h.closest('[aria-hidden="true"]'))
      .map((h) => `${h.tagName.toLowerCase()} ${h.textContent?.trim() ?? ''}`),
  );

describe('headings go in order, one h1 and no skipped level', () => {
  it.each([
    ['/', 'Better contributions come from developers with skin in the game'],
    ['/login', 'Welcome back'],
    ['/signUp', 'Join OpenStake Now'],
  ])('%s', async (path, title) => {
    const page = await browser.newPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForLoadState('networkidle');
    const headings = await outline(page);
    expect(headingOrderProblems(headings), headings.join('\n')).toEqual([]);
  });

  it("the contributor's dashboard, each tab, GitHub linked", async () => {
    const page = await browser.newPage();
    await signUpAndLinkGithub(page, 'contributor', 'prolific-pat');
    await page.getByRole('heading', { name: 'Welcome back, Pat Prolific!' }).waitFor();
    for (const tab of ['Overview', 'Suggested Issues', 'My Stakes']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      const headings = await outline(page);
      expect(headings.length, tab).toBeGreaterThan(1);
      expect(headingOrderProblems(headings), `${tab}:\n${headings.join('\n')}`).toEqual([]);
    }
  });
});
