import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { githubNotLinkedYet, signUpWithApi } from './helpers/accounts';
import {
  baseUrl,
  expectBrowserErrors,
  holdRequests,
  uniqueEmail,
  uniqueLogin,
  untilInteractive,
  useBrowser,
} from './helpers/browser';

const browser = useBrowser();

/** The app's own code, which a prerendered page asks for once painted; and the login page's. */
const APP_CHUNK = /\/assets\/index-[^/]*\.js$/;
const LOGIN_CHUNK = /\/assets\/login-page-[^/]*\.js$/;

const PAGES = [
  { path: '/', heading: 'Better contributions come from developers with skin in the game' },
  { path: '/login', heading: 'Welcome back' },
];

/**
 * Watches the page from its first byte: the first `h1` the HTML parser puts in #root, every
 * console message, and any Content-Security-Policy violation.
 */
async function watch(page: Page): Promise<{ messages: string[] }> {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  await page.addInitScript(() => {
    const seen = window as unknown as { firstHeading?: Element; violations: string[] };
    seen.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('#root h1');
      if (!heading) return;
      seen.firstHeading = heading;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  return { messages };
}

/** Whether the `h1` the parser made from the HTML is still the page's: hydrated, not redrawn. */
const keptPrerenderedHeading = (page: Page) =>
  page.evaluate(() => {
    const { firstHeading } = window as unknown as { firstHeading?: Element };
    return firstHeading !== undefined && firstHeading === document.querySelector('#root h1');
  });

/**
 * The page's CSP violations. None expected: the app's zod never asks whether it may compile its
 * parsers with `new Function` (apps/web/src/lib/zod.ts), a question `script-src 'self'` reported.
 */
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations: string[] }).violations);

/** React reports a hydration mismatch as a recoverable error (#418-#425 in production). */
const HYDRATION_PROBLEM = /hydrat|Minified React error #4(1[89]|2[0-5])/i;

describe('the public pages arrive rendered', () => {
  it.each(PAGES)(
    '$path: the heading is in the HTML, with the demo banner',
    async ({ path, heading }) => {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toContain(heading);
      expect(root).toContain('data-testid="demo-banner"');
      expect(html).toMatch(
        /<script type="application\/json" id="openstake-config">\{"demoMode":true,/,
      );
    },
  );

  it('a page that is not prerendered arrives with an empty root', async () => {
    const html = await (await fetch(`${baseUrl()}/contributor/dashboard`)).text();
    expect(html).toContain('<div id="root"></div>');
  });

  it.each(PAGES)(
    '$path is taken over by the app (hydrated, not drawn again) without a mismatch',
    async ({ path, heading }) => {
      const page = await browser.newPage({ width: 375, height: 740 });
      const { messages } = await watch(page);
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await untilInteractive(page);
      await page.waitForLoadState('networkidle');
      // Interactive: the app has taken the page over.
      if (path === '/') {
        const first = page.getByTestId('faq-accordion').getByRole('button').first();
        await first.click();
        await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
      } else {
        await page.getByRole('button', { name: 'Show password' }).click();
        await page.getByRole('button', { name: 'Hide password' }).waitFor();
      }
      expect(await keptPrerenderedHeading(page)).toBe(true);
      expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
      expect(await violations(page)).toEqual([]);
    },
  );
});

describe('the contributor dashboard arrives rendered for its contributor', () => {
  it('the HTML holds the area, its header line with who is signed in, and that user for the app', async () => {
    const page = await browser.newPage();
    const account = await signUpWithApi(page, 'contributor', uniqueLogin());
    const response = await page.request.get('/contributor/dashboard');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Contributor Dashboard</h1>');
    expect(root).toContain(
      `Signed in as <!-- -->${account.email}<!-- --> · GitHub: <span class="font-medium text-foreground">${account.githubUsername}</span>`,
    );
    expect(html).toMatch(
      new RegExp(
        `<script type="application/json" id="openstake-session-user">\\{[^<]*"email":"${account.email}"`,
      ),
    );
    // Signed out, the same address is the empty page.
    const signedOut = await (await fetch(`${baseUrl()}/contributor/dashboard`)).text();
    expect(signedOut).toContain('<div id="root"></div>');
    expect(signedOut).not.toContain(account.email);
  });

  it('on a phone, the app takes it over (hydrated, not drawn again) without asking who is signed in', async () => {
    const page = await browser.newPage({ width: 375, height: 740 });
    const account = await signUpWithApi(page, 'contributor', uniqueLogin());
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    const { messages } = await watch(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/contributor/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Contributor Dashboard' }).waitFor();
    await untilInteractive(page);
    await page.waitForLoadState('networkidle');
    // Interactive: the tabs answer, and the address keeps the tab.
    await page.getByRole('tab', { name: 'My Stakes' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'My Stakes' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('stakes');
    await expect.poll(() => page.getByText(`Signed in as ${account.email}`).count()).toBe(1);
    expect(await keptPrerenderedHeading(page)).toBe(true);
    expect(asked).not.toContain('/api/user');
    expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  it('a tab pressed before the app has loaded opens once it has (a tab acts on mousedown)', async () => {
    const page = await browser.newPage();
    await signUpWithApi(page, 'contributor', uniqueLogin());
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    const { release } = await holdRequests(page, APP_CHUNK);
    await page.goto('/contributor/dashboard', { waitUntil: 'commit' });
    await bootStarted(page);
    const tab = page.getByRole('tab', { name: 'Suggested Issues' });
    await tab.click();
    expect(await tab.getAttribute('aria-selected')).toBe('false');
    release();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('issues');
  });
});

/**
 * Waits until the page's boot script runs (it asks for the app's files with modulepreload links
 * once the page is painted): from then on a press is remembered. A press in the moment between
 * the HTML and that small deferred script would be lost, as it would without any script.
 */
const bootStarted = (page: Page) =>
  page.waitForFunction(() => document.querySelector('link[rel="modulepreload"]') !== null);

describe('paint first, then the app', () => {
  it.each(PAGES)(
    "$path asks for the app's code only after a frame with its HTML and stylesheet",
    async ({ path }) => {
      const page = await browser.newPage();
      await page.goto(path);
      await untilInteractive(page);
      const { styled, appRequested } = await page.evaluate(() => {
        const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const timing = (ending: string) =>
          resources.find((entry) => new URL(entry.name).pathname.endsWith(ending));
        return {
          styled: timing('.css')?.responseEnd,
          appRequested: app ? timing(app)?.startTime : undefined,
        };
      });
      expect(styled).toBeGreaterThan(0);
      // At least a frame later: boot waits for one to be painted.
      expect(appRequested).toBeGreaterThan((styled ?? Infinity) + 1);
    },
  );

  it('a button pressed before the app has loaded is pressed again once it has', async () => {
    const page = await browser.newPage();
    const { messages } = await watch(page);
    const { release } = await holdRequests(page, APP_CHUNK);
    await page.goto('/', { waitUntil: 'commit' });
    await bootStarted(page);
    const question = page.getByTestId('faq-accordion').getByRole('button').first();
    await question.click();
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    release();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    expect(await keptPrerenderedHeading(page)).toBe(true);

    // On /login the form is the page's own chunk: the press waits for it too.
    await page.goto('/login', { waitUntil: 'commit' });
    await bootStarted(page);
    await page.getByRole('radio', { name: 'Company' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Company' }).isChecked()).toBe(true);
    expect(await page.getByLabel('GitHub Username').count()).toBe(0);
    expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
  });
});

describe('the prerendered login form', () => {
  it('stays on screen while its code is late, whatever the app learns meanwhile', async () => {
    const page = await browser.newPage();
    const { messages } = await watch(page);
    const { release } = await holdRequests(page, LOGIN_CHUNK);
    const session = page.waitForResponse((response) => response.url().endsWith('/api/user'));
    await page.goto('/login', { waitUntil: 'commit' });
    await session; // the signed-out answer reaches the app before the page's code
    await page.waitForTimeout(200);
    expect(await page.getByText('Loading...').count()).toBe(0); // no loading state in its place
    expect(await keptPrerenderedHeading(page)).toBe(true);
    release();
    await page.getByRole('button', { name: 'Show password' }).click();
    await page.getByRole('button', { name: 'Hide password' }).waitFor();
    expect(await keptPrerenderedHeading(page)).toBe(true);
    expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
  });

  it('signs in', async () => {
    const page = await browser.newPage();
    const { messages } = await watch(page);
    const account = {
      role: 'company',
      email: uniqueEmail('prerender'),
      password: 'a-good-password',
    };
    expect((await page.request.post('/register', { data: account })).status()).toBe(201);
    await page.context().clearCookies();

    await page.goto('/login');
    await untilInteractive(page);
    await page.getByRole('radio', { name: 'Company' }).check();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Success!' }).waitFor();
    await page.waitForURL('**/company/dashboard');
    expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
  });

  it('keeps what was typed before the app had loaded', async () => {
    const page = await browser.newPage();
    // The app's code is held back until the visitor has typed into the prerendered form.
    const { release } = await holdRequests(page, APP_CHUNK);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('GitHub Username').fill('early-bird');
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).fill('typed-before-the-app');
    const submit = page.getByRole('button', { name: 'Sign in' });
    expect(await submit.isDisabled()).toBe(true);
    release();
    // Once hydrated, the form knows what is in its fields.
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await page.getByLabel('GitHub Username').inputValue()).toBe('early-bird');
    expect(await page.getByLabel('Email').inputValue()).toBe('early@example.com');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(
      'typed-before-the-app',
    );
  });

  it('shows the remembered choices and a GitHub error once hydrated, without a mismatch', async () => {
    const page = await browser.newPage();
    const { messages } = await watch(page);
    await page.context().addCookies([
      { name: 'role', value: 'company', url: baseUrl() },
      { name: 'email', value: 'remembered@example.com', url: baseUrl() },
    ]);
    const message = 'GitHub authorization was cancelled';
    await page.goto(`/login?github=error&message=${encodeURIComponent(message)}`);
    await page.getByTestId('login-error').getByText(message).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'Company' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe('remembered@example.com');
    expect(await page.getByLabel('GitHub Username').count()).toBe(0);
    expect(await keptPrerenderedHeading(page)).toBe(true);
    expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
  });

  it('a signed-in visitor still gets / and the login form, as before', async () => {
    const page = await browser.newPage();
    const { messages } = await watch(page);
    const account = {
      role: 'company',
      email: uniqueEmail('signed-in'),
      password: 'a-good-password',
    };
    expect((await page.request.post('/register', { data: account })).status()).toBe(201);
    expect((await page.request.post('/login', { data: account })).status()).toBe(200);
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await keptPrerenderedHeading(page)).toBe(true);
    }
    expect(messages.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
  });
});
