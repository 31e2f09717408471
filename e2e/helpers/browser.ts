import { randomBytes } from 'node:crypto';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';
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
 * A browser error a test causes on purpose: the console text it contains (or matches), and
 * optionally the address it came from (a failed request's URL, a script's).
 */
export interface ExpectedBrowserError {
  text: string | RegExp;
  url?: string | RegExp;
}

interface BrowserError {
  kind: 'console.error' | 'page error';
  text: string;
  url: string;
}

const matches = (value: string, pattern: string | RegExp) =>
  typeof pattern === 'string' ? value.includes(pattern) : pattern.test(value);

/** The browser's line for a request answered with an error status, e.g. 401. */
export const failedRequest = (status: number, url: string | RegExp): ExpectedBrowserError => ({
  text: `the server responded with a status of ${String(status)}`,
  url,
});

/**
 * The one error every page shows a signed-out visitor: the app asks GET /api/user who is signed
 * in (the session cookie is httpOnly, so only the server knows), and the answer for nobody is 401.
 */
const SIGNED_OUT_SESSION_PROBE = failedRequest(401, /\/api\/user$/);

let expectedErrors: ExpectedBrowserError[] = [];

/**
 * Declares browser errors the current test causes on purpose (a refused sign-in, a 403 before
 * GitHub is linked). Any other console error or uncaught page error fails the test at its end.
 */
export function expectBrowserErrors(...errors: ExpectedBrowserError[]): void {
  expectedErrors.push(...errors);
}

const isExpected = (error: BrowserError) =>
  [SIGNED_OUT_SESSION_PROBE, ...expectedErrors].some(
    (e) => matches(error.text, e.text) && (e.url === undefined || matches(error.url, e.url)),
  );

/** Collects the console errors and uncaught exceptions of every page a context opens. */
function collectErrors(context: BrowserContext, into: BrowserError[]): void {
  context.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    into.push({ kind: 'console.error', text: message.text(), url: message.location().url });
  });
  context.on('weberror', (webError) => {
    const error = webError.error();
    into.push({
      kind: 'page error',
      text: error.stack ?? error.message,
      url: webError.page()?.url() ?? '',
    });
  });
}

/**
 * One browser per test file and a fresh context (no cookies) per page; every context a test
 * opened is closed after it, so one test can play two people (a maintainer and a contributor).
 * A console error or uncaught exception on any page fails the test at its end unless the test
 * declared it with `expectBrowserErrors`.
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
  const errors: BrowserError[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
    context = undefined;
    current = undefined;
    const unexpected = errors.splice(0).filter((error) => !isExpected(error));
    expectedErrors = [];
    if (unexpected.length > 0) {
      throw new Error(
        `Unexpected browser errors:\n${unexpected
          .map((e) => `- ${e.kind}: ${e.text}${e.url ? ` (${e.url})` : ''}`)
          .join('\n')}`,
      );
    }
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
      collectErrors(context, errors);
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

/**
 * Waits until the app has taken the page over. `/` and `/login` arrive rendered and are painted
 * before the app's code is even asked for (apps/web/src/boot.ts): a test that presses a button
 * there right away waits for this, as a person waits for the page to respond. React marks the
 * DOM nodes it has hydrated; the page's h1 is the last part to be.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('#root h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** Waits for a toast showing `text`. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-sonner-toast]').getByText(text).first().waitFor();
}

/** The number in a text, e.g. 29 in '+29 XP'. */
/**
 * Holds back the page's requests whose address matches `url`, as a slow network would, until
 * `release` is called; `requested` settles once the first of them has been asked for.
 */
export async function holdRequests(
  page: Page,
  url: RegExp,
): Promise<{ release: () => void; requested: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(url, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { release, requested };
}

export const numberIn = (text: string | null): number => Number((text ?? '').replace(/[^\d]/g, ''));
