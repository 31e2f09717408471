import type { ContributorProfile } from '@openstake/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { GITHUB_NOT_VERIFIED, ProfileIdentity } from './profile-identity';
import { PRIVATE_PROFILE } from '../lib/profile-display';
import { ProfileLoadError } from './profile-states';

const renderError = (error: unknown, missing?: typeof PRIVATE_PROFILE) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(ProfileLoadError, {
        error,
        onRetry: () => undefined,
        isRetrying: false,
        missing,
      }),
    ),
  );

describe('ProfileLoadError', () => {
  it("says 'This profile is private' for the public profile's 404, hidden or unknown alike", () => {
    const html = renderError(new ApiError({ status: 404 }), PRIVATE_PROFILE);
    expect(html).toMatch(/<h1[^>]*>This profile is private<\/h1>/);
    expect(html).toContain(PRIVATE_PROFILE.description);
    expect(html).not.toContain('Profile not found');
  });

  it("keeps 'Profile not found' elsewhere, and a retry for any other failure", () => {
    expect(renderError(new ApiError({ status: 404 }))).toMatch(/<h1[^>]*>Profile not found</);
    const failed = renderError(new ApiError({ status: 503 }), PRIVATE_PROFILE);
    expect(failed).toContain('We could not load this profile.');
    expect(failed).not.toContain(PRIVATE_PROFILE.title);
  });
});

describe('ProfileIdentity', () => {
  const profile = (githubUsername: string | null): ContributorProfile => ({
    id: '5119cca7-596a-4c42-bd1b-d6ae3c2b8d25',
    githubUsername,
    email: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    rank: 'Code Novice',
    coins: 100,
    xp: 0,
    name: 'Octavia',
    bio: null,
    githubInfo: null,
    xpHistory: [],
  });
  const render = (githubUsername: string | null) =>
    renderToStaticMarkup(createElement(ProfileIdentity, { profile: profile(githubUsername) }));

  it('shows the login GitHub proved, and says so when there is none', () => {
    expect(render('octo-dev')).toContain('@octo-dev');
    expect(render('octo-dev')).not.toContain(GITHUB_NOT_VERIFIED);
    const unproven = render(null);
    expect(unproven).toContain(GITHUB_NOT_VERIFIED);
    expect(unproven).not.toContain('@');
  });
});
