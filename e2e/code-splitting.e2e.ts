import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { githubNotLinkedYet, signUpWithApi } from './helpers/accounts';
import { expectBrowserErrors, holdRequests, uniqueLogin, useBrowser } from './helpers/browser';

const browser = useBrowser();

/** Records the scripts a page downloads: path -> the Content-Encoding it came with. */
function recordScripts(page: Page): () => Promise<Map<string, string>> {
  const pending: Promise<[string, string]>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .headerValue('content-encoding')
        .then((encoding) => [new URL(response.url()).pathname, encoding ?? 'none']),
    );
  });
  return async () => new Map(await Promise.all(pending));
}

const AREA_CHUNK = /\/assets\/(contributor|maintainer|company)-area-[^/]+\.js$/;
// The markdown pipeline (react-markdown, remark, rehype) and the module that renders with it.
const MARKDOWN_CHUNK = /\/assets\/markdown(-chunk)?-[^/]+\.js$/;

describe('each area is its own download', () => {
  it("/ downloads none of the areas' code nor the markdown renderer, all of it brotli", async () => {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');

    const downloaded = await scripts();
    expect(downloaded.size).toBeGreaterThan(0);
    for (const [path, encoding] of downloaded) {
      expect(path).not.toMatch(AREA_CHUNK);
      expect(path).not.toMatch(/\/assets\/(markdown|login-page|sign-up-page)-/);
      expect(encoding, path).toBe('br');
    }
  });

  // The dashboard arrives rendered for its contributor (e2e/prerender.e2e.ts); the area's other
  // pages are rendered in the browser.
  it("a contributor's page shows a loading state until the contributor area arrives", async () => {
    const page = await browser.newPage();
    await signUpWithApi(page, 'contributor', uniqueLogin());
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    const scripts = recordScripts(page);
    // Hold the area's chunk until the loading state has been seen.
    const { release, requested } = await holdRequests(page, AREA_CHUNK);

    await page.goto('/contributor/profile');
    await requested;
    await page.getByRole('status').getByText('Loading your dashboard...').waitFor();
    release();
    await page.getByRole('heading', { name: 'My Profile', exact: true }).waitFor();

    const areas = [...(await scripts()).keys()].filter((path) => AREA_CHUNK.test(path));
    expect(areas).toEqual([expect.stringMatching(/\/contributor-area-/)]);
  });

  it("the dashboard's overview does without the markdown renderer; Suggested Issues fetches it", async () => {
    const page = await browser.newPage();
    await signUpWithApi(page, 'contributor', uniqueLogin());
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    const scripts = recordScripts(page);

    await page.goto('/contributor/dashboard');
    await page.getByRole('heading', { name: 'Contributor Dashboard', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const overview = [...(await scripts()).keys()];
    expect(overview).toContainEqual(expect.stringMatching(/\/contributor-area-/));
    expect(overview.filter((path) => MARKDOWN_CHUNK.test(path))).toEqual([]);

    const markdown = page.waitForResponse((response) => MARKDOWN_CHUNK.test(response.url()));
    await page.getByRole('tab', { name: 'Suggested Issues' }).click();
    await markdown;
  });

  it('opened by its address, the area downloads while the session is asked for, not after', async () => {
    const page = await browser.newPage();
    await signUpWithApi(page, 'contributor', uniqueLogin());
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    // Hold the session's answer until the area's chunk has been asked for.
    let areaRequested!: () => void;
    const areaWasRequested = new Promise<void>((resolve) => (areaRequested = resolve));
    page.on('request', (request) => {
      if (AREA_CHUNK.test(new URL(request.url()).pathname)) areaRequested();
    });
    await page.route(/\/api\/user$/, async (route) => {
      await areaWasRequested;
      await route.continue();
    });

    await page.goto('/contributor/profile');
    await page.getByRole('heading', { name: 'My Profile', exact: true }).waitFor();
  });
});
