import { describe, expect, it } from 'vitest';
import { useBrowser } from './helpers/browser';

const browser = useBrowser();

describe('landing page', () => {
  it('the FAQ opens one item at a time', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const faq = page.getByTestId('faq-accordion');
    const triggers = faq.getByRole('button');
    expect(await triggers.count()).toBe(8);
    const expanded = async () =>
      (await triggers.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')))).filter(
        (v) => v === 'true',
      ).length;

    await triggers.nth(0).click();
    expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('true');
    expect(await expanded()).toBe(1);
    await triggers.nth(3).click();
    expect(await triggers.nth(3).getAttribute('aria-expanded')).toBe('true');
    expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await expanded()).toBe(1);
    await triggers.nth(3).click(); // collapsible: closing the open one leaves none open
    expect(await expanded()).toBe(0);
  });

  it('Get Started goes to /login', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByTestId('hero-get-started').click();
    await page.waitForURL('**/login');
  });

  it.each(['/', '/login', '/signUp'])(
    '%s fits a 375 px wide screen without horizontal scrolling',
    async (path) => {
      const page = await browser.newPage({ width: 375, height: 740 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    },
  );
});
