import type { SessionUser } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { UserContext, type UserContextValue } from '@/features/auth/user-context';
import { ConnectWalletPage } from './connect-wallet-page';

const contributor: SessionUser = {
  id: 'u1',
  email: 'dev@example.com',
  role: 'contributor',
  githubUsername: 'octo-dev',
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function render(path: string, user: SessionUser | null = contributor): string {
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
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/connect-wallet" element={<ConnectWalletPage />} />
            <Route path="/login" element={<p>login page</p>} />
          </Routes>
        </MemoryRouter>
      </UserContext.Provider>
    </QueryClientProvider>,
  );
}

describe('/connect-wallet', () => {
  it('shows the form, the store button, both connect buttons and Back to Home', () => {
    const html = render('/connect-wallet?github=octo-dev');
    expect(html).toContain('GitHub username');
    expect(html).toContain('Public Address');
    expect(html).toContain('value="octo-dev"');
    expect(html).toContain('Store These Values');
    expect(html).not.toContain('Values Stored Successfully');
    expect(html).not.toContain('Ready to connect wallet!');
    expect(html).toContain('Connect Hedera Wallet');
    expect(html).toContain('Connect MetaMask');
    expect(html).toContain('href="/"');
    expect(html).toContain('Back to Home');
    expect(html).not.toContain('From ');
  });

  it('prefills from user when github is absent', () => {
    expect(render('/connect-wallet?user=other-dev')).toContain('value="other-dev"');
  });

  it("shows 'From {owner}/{repo}' with the issue's badge", () => {
    const html = render('/connect-wallet?owner=acme&repo=widgets&issue=7');
    expect(html).toContain('From acme/widgets');
    expect(html).toContain('#7');
    expect(render('/connect-wallet?owner=acme&repo=widgets')).not.toContain('#');
    expect(render('/connect-wallet?owner=acme')).not.toContain('From acme');
  });

  it('shows nothing of the form to a visitor who is not signed in (sent to sign in)', () => {
    const html = render('/connect-wallet?owner=acme&repo=widgets', null);
    expect(html).not.toContain('Store These Values');
    expect(html).not.toContain('From acme/widgets');
  });

  it('tells a company account that companies do not link wallets', () => {
    const html = render('/connect-wallet', {
      ...contributor,
      role: 'company',
      githubUsername: null,
    });
    expect(html).toContain('Company accounts do not link wallets');
    expect(html).not.toContain('Store These Values');
  });
});
