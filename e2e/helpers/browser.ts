import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

// Debian's Chromium, never a downloaded one. The flags keep it off this machine's closed network.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = (): string => inject('baseUrl');

/**
 * One browser per test file and a fresh context (no cookies) per page; every context a test
 * opened is closed after it, so one test can play two people (a maintainer and a contributor).
 */
export function useBrowser(): {
  page: () => Page;
  context: () => BrowserContext;
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>;
} {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let current: Page | undefined;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
    context = undefined;
    current = undefined;
  });
  afterAll(() => browser?.close());
  return {
    page: () => {
      if (!current) throw new Error('call newPage() first');
      return current;
    },
    context: () => {
      if (!context) throw new Error('call newPage() first');
      return context;
    },
    async newPage(viewport = { width: 1280, height: 800 }) {
      context = await browser.newContext({ baseURL: baseUrl(), viewport });
      opened.push(context);
      current = await context.newPage();
      current.setDefaultTimeout(15_000);
      return current;
    },
  };
}

export const uniqueEmail = (prefix = 'e2e'): string =>
  `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
export const uniqueLogin = (prefix = 'dev'): string =>
  `${prefix}-${randomBytes(4).toString('hex')}`;

/** Waits for a toast showing `text`. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-sonner-toast]').getByText(text).first().waitFor();
}

/** The number in a text, e.g. 29 in '+29 XP'. */
export const numberIn = (text: string | null): number => Number((text ?? '').replace(/[^\d]/g, ''));
