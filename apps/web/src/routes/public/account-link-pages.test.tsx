import type { SessionUser } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { verifyEmailQuery } from '@/features/auth/api/account-links';
import { UserContext, type UserContextValue } from '@/features/auth/user-context';
import { headingOrderProblems, headingOutline } from '@/test/heading-order';
import { ForgotPasswordPage } from './forgot-password-page';
import { INCOMPLETE_LINK_MESSAGE, ResetPasswordPage } from './reset-password-page';
import { VERIFY_INCOMPLETE_MESSAGE, VerifyEmailPage } from './verify-email-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';

const contributor: SessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  role: 'contributor',
  githubUsername: 'ada',
  emailVerified: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function render(
  url: string,
  { user = null, client = new QueryClient() }: { user?: SessionUser | null; client?: QueryClient },
): string {
  const session: UserContextValue = {
    user,
    isLoading: false,
    setUser: () => undefined,
    logout: () => Promise.resolve(),
    isLoggingOut: false,
  };
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <UserContext.Provider value={session}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/verify-email" element={<VerifyEmailPage />} />
          </Routes>
        </MemoryRouter>
      </UserContext.Provider>
    </QueryClientProvider>,
  );
}

/** The <a> elements whose text is `label`, with their href. */
const hrefsOf = (html: string, label: string): string[] =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>((?:(?!<\/a>).)*)<\/a>/g)]
    .filter((m) => m[2]?.replace(/<[^>]+>/g, '') === label)
    .map((m) => m[1] ?? '');

describe('/forgot-password', () => {
  it('asks for the address, Send reset link disabled until one is typed, and links to sign in', () => {
    const html = render('/forgot-password', {});
    expect(html).toContain('<h1');
    expect(html).toContain('Forgot your password?');
    expect(html).toMatch(/<label[^>]*for="email"[^>]*>Email<\/label>/);
    expect(html).toMatch(/<input type="email"[^>]*id="email"[^>]*autoComplete="email"/);
    expect(html).toMatch(/type="submit" disabled="">Send reset link<\/button>/);
    expect(hrefsOf(html, 'Sign in')).toEqual(['/login']);
    expect(html).not.toContain('forgot-password-sent');
    expect(html).not.toContain('forgot-password-error');
    expect(headingOrderProblems(headingOutline(html))).toEqual([]);
  });
});

describe('/reset-password', () => {
  it('with a link, asks for the new password twice, Set new password disabled until both are typed', () => {
    const html = render(`/reset-password?token=${TOKEN}`, {});
    expect(html).toContain('Set a new password');
    expect(html).toMatch(/<label[^>]*for="password"[^>]*>New password<\/label>/);
    expect(html).toMatch(/<label[^>]*for="confirmPassword"[^>]*>Confirm new password<\/label>/);
    for (const id of ['password', 'confirmPassword']) {
      expect(html).toMatch(
        new RegExp(`<input type="password"[^>]*id="${id}" autoComplete="new-password" required=""`),
      );
    }
    expect(html).toContain('aria-describedby="password-hint"');
    expect(html).toContain('id="password-hint"');
    expect(html).toMatch(/type="submit" disabled="">Set new password<\/button>/);
    // The token stays in the page's address only: it is not written into the markup.
    expect(html).not.toContain(TOKEN);
    expect(html).not.toContain('reset-password-incomplete');
    expect(headingOrderProblems(headingOutline(html))).toEqual([]);
  });

  it('without a token, or with one cut short, says the link is incomplete and where to get a new one', () => {
    for (const url of ['/reset-password', `/reset-password?token=${TOKEN.slice(0, 20)}`]) {
      const html = render(url, {});
      expect(html, url).toContain('data-testid="reset-password-incomplete"');
      expect(html, url).toContain(INCOMPLETE_LINK_MESSAGE);
      expect(hrefsOf(html, 'Ask for a new link'), url).toEqual(['/forgot-password']);
      expect(html, url).not.toContain('Set new password');
    }
  });
});

describe('/verify-email', () => {
  it('shows progress while the link is being confirmed', () => {
    const html = render(`/verify-email?token=${TOKEN}`, {});
    expect(html).toContain('data-testid="verify-email-pending"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('role="status"');
    expect(html).toContain('Confirming your email address...');
  });

  it("says the address is confirmed, in the server's words, then the dashboard or signing in", async () => {
    vi.stubGlobal('fetch', async () =>
      Promise.resolve(
        Response.json({ success: true, message: 'ada@example.com is confirmed. Thank you.' }),
      ),
    );
    const client = new QueryClient();
    await client.prefetchQuery(verifyEmailQuery(client, TOKEN));

    const signedIn = render(`/verify-email?token=${TOKEN}`, { user: contributor, client });
    expect(signedIn).toContain('data-testid="verify-email-done"');
    expect(signedIn).toContain('ada@example.com is confirmed. Thank you.');
    expect(hrefsOf(signedIn, 'Go to dashboard')).toEqual(['/contributor/dashboard']);
    expect(headingOrderProblems(headingOutline(signedIn))).toEqual([]);

    const visitor = render(`/verify-email?token=${TOKEN}`, { client });
    expect(visitor).toContain('ada@example.com is confirmed. Thank you.');
    expect(hrefsOf(visitor, 'Sign in')).toEqual(['/login']);
    expect(visitor).not.toContain('Go to dashboard');
  });

  it("shows the server's refusal of the link as an alert", async () => {
    const refusal = 'This link has expired: sign in and ask for a new one from the banner.';
    vi.stubGlobal('fetch', async () =>
      Promise.resolve(Response.json({ success: false, message: refusal }, { status: 400 })),
    );
    const client = new QueryClient();
    await client.prefetchQuery(verifyEmailQuery(client, TOKEN));

    const html = render(`/verify-email?token=${TOKEN}`, { client });
    expect(html).toContain('data-testid="verify-email-error"');
    expect(html).toContain('role="alert"');
    expect(html).toContain(refusal);
    expect(html).not.toContain('is confirmed');
  });

  it('without a token says the link is incomplete, and asks the server nothing', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const html = render('/verify-email?token=abc', { user: contributor });
    expect(html).toContain('data-testid="verify-email-incomplete"');
    expect(html).toContain(VERIFY_INCOMPLETE_MESSAGE);
    expect(hrefsOf(html, 'Go to dashboard')).toEqual(['/contributor/dashboard']);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
