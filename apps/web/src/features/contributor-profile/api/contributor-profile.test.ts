import type { ContributorProfile } from '@openstake/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { contributorProfileQueryKey, refreshProfileViews } from './contributor-profile';
import { dashboardProfileQueryKey } from './dashboard-profile';

const profile = (name: string): ContributorProfile => ({
  id: 'u1',
  githubUsername: 'octo-dev',
  email: 'octo@example.com',
  createdAt: '2025-01-01T00:00:00.000Z',
  rank: 'Code Novice',
  coins: 100,
  xp: 80,
  name,
  bio: null,
  githubInfo: null,
  xpHistory: [],
});

describe('refreshProfileViews', () => {
  it('shows the saved profile at once and makes every screen with the name read it anew', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(contributorProfileQueryKey('u1'), profile('Old'));
    queryClient.setQueryData(contributorProfileQueryKey('someone'), profile('Other'));
    queryClient.setQueryData(dashboardProfileQueryKey, { profile: { name: 'Old' } });
    queryClient.setQueryData(['contributor', 'stakes'], []);

    await refreshProfileViews(queryClient, profile('New'));

    expect(queryClient.getQueryData(contributorProfileQueryKey('u1'))).toEqual(profile('New'));
    const invalidated = (key: readonly unknown[]) =>
      queryClient.getQueryState(key)?.isInvalidated ?? false;
    expect(invalidated(dashboardProfileQueryKey)).toBe(true);
    expect(invalidated(contributorProfileQueryKey('someone'))).toBe(true);
    expect(invalidated(['contributor', 'stakes'])).toBe(false);
  });
});
