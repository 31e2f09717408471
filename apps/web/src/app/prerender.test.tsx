import { describe, expect, it } from 'vitest';

import { PRERENDERED_PAGES, renderPage, SESSION_PAGES } from './prerender';

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
    // Beside the password, a plain link that works before the app has loaded.
    expect(html).toMatch(/<a [^>]*href="\/forgot-password"[^>]*>Forgot password\?<\/a>/);
  });

  it('the pages are / and /login, and only public ones', () => {
    expect(PRERENDERED_PAGES.map((page) => page.path)).toEqual(['/', '/login']);
  });
});

describe('renderPage for a session (the pages the server renders per request)', () => {
  const config = { demoMode: false, githubWebUrl: github, escrowAddress: null };
  const contributor = {
    id: 'u-1',
    email: 'ada<b>@example.com',
    role: 'contributor' as const,
    githubUsername: 'ada-l',
    emailVerified: true,
    createdAt: '2026-11-01T00:00:00.000Z',
  };

  it("renders the contributor's dashboard signed in as them, its data still loading", async () => {
    const html = await renderPage('/contributor/dashboard', config, contributor);
    expect(html).toContain('Contributor Dashboard');
    // The header line, the page's largest text on a phone, written as text (escaped).
    expect(html).toContain(
      'Signed in as <!-- -->ada&lt;b&gt;@example.com<!-- --> · GitHub: <span class="font-medium text-foreground">ada-l</span>',
    );
    expect(html).not.toContain('ada<b>');
    // The area's frame, past its guard, with the overview's tab open and its data to come.
    expect(html).toContain('Contributor<!-- --> area');
    expect(html).toMatch(/role="tab" aria-selected="true"[^>]*>Overview/);
    expect(html).toContain('Loading your dashboard...');
    expect(html).not.toContain('email-verification-banner');
  });

  it('asks a contributor whose address is not confirmed to confirm it, above the dashboard', async () => {
    const html = await renderPage('/contributor/dashboard', config, {
      ...contributor,
      emailVerified: false,
    });
    expect(html).toContain('data-testid="email-verification-banner"');
    expect(html).toContain(
      'we sent a link to<!-- --> <span class="font-medium">ada&lt;b&gt;@example.com</span>.',
    );
    expect(html.indexOf('email-verification-banner')).toBeLessThan(
      html.indexOf('Contributor Dashboard'),
    );
  });

  it('renders the tab the address names', async () => {
    const html = await renderPage('/contributor/dashboard?tab=stakes', config, contributor);
    expect(html).toMatch(/role="tab" aria-selected="true"[^>]*>My Stakes/);
  });

  it('without the GitHub account, the line says only who is signed in', async () => {
    const html = await renderPage('/contributor/dashboard', config, {
      ...contributor,
      githubUsername: null,
    });
    expect(html).toContain('Signed in as <!-- -->ada&lt;b&gt;@example.com</p>');
  });

  it('another role gets no dashboard: the guard sends it away, rendering nothing of the area', async () => {
    const html = await renderPage('/contributor/dashboard', config, {
      ...contributor,
      role: 'maintainer',
    });
    expect(html).not.toContain('Contributor Dashboard');
    expect(html).not.toContain('example.com');
  });

  it("the server renders only the contributor's dashboard, and only for contributors", () => {
    expect(SESSION_PAGES.map(({ path, role }) => ({ path, role }))).toEqual([
      { path: '/contributor/dashboard', role: 'contributor' },
    ]);
  });
});
