import type { DashboardProfile } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { contributorProfileKeys } from '@/features/contributor-profile/api/query-keys';
import { OverviewTab } from './overview-tab';

function render(profile?: DashboardProfile): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (profile) client.setQueryData(contributorProfileKeys.dashboard, profile);
  // React separates adjacent text with <!-- -->; the text as a person reads it.
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/contributor/dashboard']}>
        <OverviewTab onBrowseIssues={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const profile: DashboardProfile = {
  github: 'linked',
  profile: { avatar_url: '/avatars/pat.png', login: 'pat', name: 'Pat', public_repos: 3 },
  stats: { coins: 100, xp: 500, rank: 'Code Contributor', nextRankXP: 1500, activeBounties: 0 },
};

describe('OverviewTab', () => {
  // Shown under the loading state, the card would jump down when the overview arrives.
  it('shows only the loading state while the profile loads, not the GitHub card', () => {
    const html = render();
    expect(html).toContain('Loading your dashboard...');
    expect(html).not.toContain('data-testid="github-card"');
  });

  it('shows the GitHub card under the overview', () => {
    const html = render(profile);
    expect(html).toContain('Welcome back, Pat!');
    expect(html.indexOf('data-testid="github-card"')).toBeGreaterThan(html.indexOf('Welcome back'));
  });

  it('before GitHub is linked: the coins, XP and rank, the repositories unknown, and why', () => {
    const html = render({
      github: 'not_linked',
      profile: { avatar_url: null, login: null, name: null, public_repos: null },
      stats: { coins: 100, xp: 0, rank: 'Code Novice', nextRankXP: 100, activeBounties: 0 },
    });
    expect(html).toContain('Welcome back!');
    expect(html).toContain('data-testid="github-required"');
    expect(html).toMatch(/Virtual Coins<\/dt><dd[^>]*>100</);
    expect(html).toMatch(/Repositories<\/dt><dd[^>]*>—</);
  });

  it('while GitHub does not answer for the account: the figures, and a way to connect it again', () => {
    const html = render({
      ...profile,
      github: 'unavailable',
      profile: { ...profile.profile, avatar_url: null, public_repos: null },
    });
    expect(html).toContain('Welcome back, Pat!');
    expect(html).toContain('GitHub is not answering for your account');
    expect(html).toContain('Connect GitHub again');
    expect(html).toMatch(/XP Points<\/dt><dd[^>]*>500</);
  });
});
