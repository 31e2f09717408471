import type { SessionUser } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { MaintainerLayout } from '@/routes/maintainer/maintainer-layout';
import { UserContext, type UserContextValue } from '@/features/auth/user-context';
import { MaintainerSidebar } from './maintainer-sidebar';
import { SidebarProvider } from './sidebar-provider';

const maintainer: SessionUser = {
  id: 'u1',
  email: 'mia@example.com',
  role: 'maintainer',
  githubUsername: 'mia-maintainer',
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const session: UserContextValue = {
  user: maintainer,
  isLoading: false,
  setUser: () => undefined,
  logout: () => Promise.resolve(),
  isLoggingOut: false,
};

function renderLayout(path: string): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <UserContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/maintainer" element={<MaintainerLayout />}>
              <Route path="*" element={<h1>Page body</h1>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </UserContext.Provider>
    </QueryClientProvider>,
  );
}

/** The <a> whose text is `label`, as markup. */
function linksNamed(html: string, label: string): string[] {
  return [...html.matchAll(/<a [^>]*>(?:(?!<\/a>).)*<\/a>/g)]
    .map((m) => m[0])
    .filter((a) => a.replace(/<[^>]+>/g, '') === label);
}

describe('maintainer layout', () => {
  it('shows the header: title, Maintainer badge, wallet, Settings and Logout', () => {
    const html = renderLayout('/maintainer/dashboard');
    expect(html).toContain('OpenStake');
    expect(html).toContain('Maintainer</span>');
    // The wallet's place in the header: busy until the server says which wallet is linked.
    expect(html).toContain('Loading your wallet');
    expect(html).toContain('href="/maintainer/org-settings/config"');
    expect(html).toContain('Settings');
    expect(html).toContain('Logout');
    expect(html).toContain('aria-label="Open navigation"');
    expect(html).toContain('Page body');
  });

  it("lists every sidebar link with the product's labels", () => {
    const html = renderLayout('/maintainer/dashboard');
    for (const [label, href] of [
      ['Repositories', '/maintainer/dashboard'],
      ['Create Issue', '/maintainer/new-issue'],
      ['Bounty Issues by Me', '/maintainer/bounty-issues'],
      ['Integrations', '/maintainer/integrations'],
      ['Reports', '/maintainer/reports'],
      ['Refer and Earn', '/maintainer/referrals'],
      ['Support', '/maintainer/support'],
    ] as const) {
      const [link] = linksNamed(html, label);
      expect(link, label).toContain(`href="${href}"`);
    }
    expect(linksNamed(html, 'Docs')).toHaveLength(2);
    expect(html).toContain('Organization Settings');
  });

  it('marks the current page with aria-current', () => {
    const html = renderLayout('/maintainer/bounty-issues');
    expect(linksNamed(html, 'Bounty Issues by Me')[0]).toContain('aria-current="page"');
    expect(linksNamed(html, 'Repositories')[0]).not.toContain('aria-current');
  });

  it('keeps the Organization Settings group closed elsewhere and open on its pages', () => {
    const elsewhere = renderLayout('/maintainer/dashboard');
    expect(elsewhere).toMatch(/aria-expanded="false"[^>]*>.*Organization Settings/);
    expect(linksNamed(elsewhere, 'Configuration')).toHaveLength(0);

    const inside = renderLayout('/maintainer/org-settings/api-keys');
    expect(inside).toMatch(/aria-expanded="true"[^>]*>.*Organization Settings/);
    expect(linksNamed(inside, 'API Keys')[0]).toContain('aria-current="page"');
    expect(linksNamed(inside, 'Configuration')[0]).toContain(
      'href="/maintainer/org-settings/config"',
    );
  });

  it("shows the user's GitHub username, role and the Collapse button", () => {
    const html = renderLayout('/maintainer/dashboard');
    expect(html).toContain('mia-maintainer');
    expect(html).toContain('Maintainer');
    expect(html).toContain('aria-label="Collapse sidebar"');
    expect(html).toContain('Collapse');
    expect(html).toContain('width:16rem');
  });
});

describe('collapsed sidebar', () => {
  it('keeps every link named while showing icons only', () => {
    const html = renderToStaticMarkup(
      <UserContext.Provider value={session}>
        <MemoryRouter initialEntries={['/maintainer/docs']}>
          <SidebarProvider defaultOpen={false}>
            <MaintainerSidebar />
          </SidebarProvider>
        </MemoryRouter>
      </UserContext.Provider>,
    );
    expect(html).toContain('data-state="collapsed"');
    expect(html).toContain('width:3.5rem');
    expect(html).toContain('aria-label="Expand sidebar"');
    expect(html).toContain('<span class="truncate sr-only">Repositories</span>');
    expect(linksNamed(html, 'Configuration')).toHaveLength(1);
    expect(linksNamed(html, 'Docs')[0]).toContain('aria-current="page"');
  });
});
