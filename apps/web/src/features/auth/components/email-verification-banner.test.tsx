import type { SessionUser } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { CompanyLayout } from '@/routes/company/company-layout';
import { MaintainerLayout } from '@/routes/maintainer/maintainer-layout';
import { UserContext, type UserContextValue } from '../user-context';
import { AreaLayout } from './area-layout';
import { EmailVerificationBanner, RESEND_LABEL } from './email-verification-banner';

const unconfirmed: SessionUser = {
  id: 'u1',
  email: 'hiring@acme.example',
  role: 'company',
  githubUsername: null,
  emailVerified: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function render(element: ReactElement, user: SessionUser | null, path = '/'): string {
  const session: UserContextValue = {
    user,
    isLoading: false,
    setUser: () => undefined,
    logout: () => Promise.resolve(),
    isLoggingOut: false,
  };
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <UserContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </UserContext.Provider>
    </QueryClientProvider>,
  );
}

const BANNER = 'data-testid="email-verification-banner"';

describe('EmailVerificationBanner', () => {
  it('says where the link went, with a button for a new one, while the address is not confirmed', () => {
    const html = render(<EmailVerificationBanner />, unconfirmed);
    expect(html).toContain(BANNER);
    expect(html.replace(/<[^>]+>/g, '')).toContain(
      'Confirm your email address: we sent a link to hiring@acme.example.',
    );
    expect(html).toMatch(new RegExp(`<button[^>]*type="button"[^>]*>${RESEND_LABEL}</button>`));
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Send a new link/);
  });

  it('is not there once the address is confirmed, nor for a visitor', () => {
    expect(render(<EmailVerificationBanner />, { ...unconfirmed, emailVerified: true })).toBe('');
    expect(render(<EmailVerificationBanner />, null)).toBe('');
  });

  it('writes the address as text', () => {
    const html = render(<EmailVerificationBanner />, {
      ...unconfirmed,
      email: 'a<b>@acme.example',
    });
    expect(html).toContain('a&lt;b&gt;@acme.example');
    expect(html).not.toContain('a<b>');
  });
});

describe('the signed-in areas show the banner above the page', () => {
  const page = <h1>Page body</h1>;

  it('the frame the contributor and company areas share (AreaLayout)', () => {
    const html = render(<AreaLayout role="contributor">{page}</AreaLayout>, {
      ...unconfirmed,
      role: 'contributor',
      githubUsername: 'ada',
    });
    expect(html.indexOf(BANNER)).toBeGreaterThan(html.indexOf('<main'));
    expect(html.indexOf(BANNER)).toBeLessThan(html.indexOf('Page body'));
    const confirmed = render(<AreaLayout role="contributor">{page}</AreaLayout>, {
      ...unconfirmed,
      emailVerified: true,
    });
    expect(confirmed).not.toContain(BANNER);
    expect(confirmed).toContain('Page body');
  });

  it("the company's area", () => {
    const html = render(
      <Routes>
        <Route path="/company" element={<CompanyLayout />}>
          <Route path="dashboard" element={page} />
        </Route>
      </Routes>,
      unconfirmed,
      '/company/dashboard',
    );
    expect(html).toContain(BANNER);
    expect(html.indexOf(BANNER)).toBeLessThan(html.indexOf('Page body'));
  });

  it("the maintainer's area, which has its own frame", () => {
    const maintainer = { ...unconfirmed, role: 'maintainer' as const, githubUsername: 'mia' };
    const at = (user: SessionUser) =>
      render(
        <Routes>
          <Route path="/maintainer" element={<MaintainerLayout />}>
            <Route path="*" element={page} />
          </Route>
        </Routes>,
        user,
        '/maintainer/dashboard',
      );
    const html = at(maintainer);
    expect(html.indexOf(BANNER)).toBeGreaterThan(html.indexOf('<main'));
    expect(html.indexOf(BANNER)).toBeLessThan(html.indexOf('Page body'));
    expect(at({ ...maintainer, emailVerified: true })).not.toContain(BANNER);
  });
});
