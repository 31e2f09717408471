import { describe, expect, it } from 'vitest';

import { PRERENDERED_PAGES, renderPage } from './prerender';

const github = 'https://github.com';

describe('renderPage (the pages rendered at build time)', () => {
  it('renders / whole, signed out, with the banner only in demo mode', async () => {
    const demo = await renderPage('/', {
      demoMode: true,
      githubWebUrl: github,
      escrowAddress: null,
    });
    expect(demo).toContain('Better contributions come from developers with skin in the game');
    expect(demo).toContain('data-testid="demo-banner"');
    expect(demo).toContain('Create your free account');
    const standard = await renderPage('/', {
      demoMode: false,
      githubWebUrl: github,
      escrowAddress: null,
    });
    expect(standard).not.toContain('demo-banner');
    expect(standard).toContain('Better contributions come from developers with skin in the game');
  });

  it("renders /login once its lazy page has loaded, with the form's defaults", async () => {
    const html = await renderPage('/login', {
      demoMode: false,
      githubWebUrl: github,
      escrowAddress: null,
    });
    expect(html).toContain('Welcome back');
    // A completed Suspense boundary, which the browser hydrates when the page's code is there.
    expect(html).toMatch(/^<!--\$-->/);
    expect(html).not.toContain('Loading...');
    // The default role, nothing remembered, no error, and the submit button disabled.
    expect(html).toMatch(
      /<button[^>]*role="radio"[^>]*aria-checked="true"[^>]*value="contributor"/,
    );
    expect(html).toMatch(/<input[^>]*id="email"[^>]*value=""/);
    expect(html).not.toContain('login-error');
    expect(html).toMatch(/type="submit" disabled="">Sign in<\/button>/);
  });

  it('the pages are / and /login, and only public ones', () => {
    expect(PRERENDERED_PAGES.map((page) => page.path)).toEqual(['/', '/login']);
  });
});
