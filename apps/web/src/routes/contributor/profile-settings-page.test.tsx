import type { ContributorProfile } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { UserContext, type UserContextValue } from '@/features/auth/user-context';
import { contributorProfileKeys } from '@/features/contributor-profile/api/query-keys';
import { notificationsKeys } from '@/features/notifications/api/query-keys';
import { ProfileSettingsPage } from './profile-settings-page';

const contributor: UserContextValue = {
  user: {
    id: 'u1',
    email: 'dev@example.com',
    role: 'contributor',
    githubUsername: 'dev-1',
    emailVerified: true,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  isLoading: false,
  setUser: () => undefined,
  logout: async () => Promise.resolve(),
  isLoggingOut: false,
};

const profile: ContributorProfile = {
  id: 'u1',
  githubUsername: 'dev-1',
  email: 'dev@example.com',
  createdAt: '2025-01-01T00:00:00.000Z',
  rank: 'Code Novice',
  coins: 100,
  xp: 80,
  name: null,
  bio: null,
  githubInfo: null,
  xpHistory: [],
};

function render(url: string): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(contributorProfileKeys.profile('u1'), profile);
  client.setQueryData(notificationsKeys.settings, {
    settings: [
      { kind: 'company-message', enabled: true },
      { kind: 'stake-settled', enabled: true },
      { kind: 'bounty-posted', enabled: false },
    ],
    emailVerified: true,
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <UserContext.Provider value={contributor}>
        <MemoryRouter initialEntries={[url]}>
          <ProfileSettingsPage />
        </MemoryRouter>
      </UserContext.Provider>
    </QueryClientProvider>,
  );
}

const selectedTab = (html: string) =>
  /role="tab" aria-selected="true"[^>]*>([^<]+)</.exec(html)?.[1];

describe('ProfileSettingsPage', () => {
  it('has a Notifications tab, and opens on Profile', () => {
    const html = render('/contributor/settings');
    expect(html).toMatch(/role="tab"[^>]*>Notifications</);
    expect(selectedTab(html)).toBe('Profile');
    expect(html).not.toContain('id="notifications"');
  });

  it('opens the Notifications tab on #notifications, where mails lead', () => {
    const html = render('/contributor/settings#notifications');
    expect(selectedTab(html)).toBe('Notifications');
    expect(html).toContain('id="notifications"');
    expect(html).toMatch(/<h2[^>]*>Email notifications<\/h2>/);
    expect(html).toContain('data-testid="notification-company-message"');
  });
});
