import type { ContributorProfile } from '@openstake/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { refreshProfileViews } from './contributor-profile';
import { contributorProfileKeys } from './query-keys';
import { issuesKeys } from '@/features/issues/api/query-keys';

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
    queryClient.setQueryData(contributorProfileKeys.profile('u1'), profile('Old'));
    queryClient.setQueryData(contributorProfileKeys.profile('someone'), profile('Other'));
    queryClient.setQueryData(contributorProfileKeys.dashboard, { profile: { name: 'Old' } });
    queryClient.setQueryData(issuesKeys.suggested, []);

    await refreshProfileViews(queryClient, profile('New'));

    expect(queryClient.getQueryData(contributorProfileKeys.profile('u1'))).toEqual(profile('New'));
    const invalidated = (key: readonly unknown[]) =>
      queryClient.getQueryState(key)?.isInvalidated ?? false;
    expect(invalidated(contributorProfileKeys.dashboard)).toBe(true);
    expect(invalidated(contributorProfileKeys.profile('someone'))).toBe(true);
    // The saved profile is in the cache already: not fetched again.
    expect(invalidated(contributorProfileKeys.profile('u1'))).toBe(false);
    expect(invalidated(issuesKeys.suggested)).toBe(false);
  });
});
