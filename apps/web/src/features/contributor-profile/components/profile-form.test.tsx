import type { ContributorProfile } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ProfileForm } from './profile-form';

const profile: ContributorProfile = {
  id: '5119cca7-596a-4c42-bd1b-d6ae3c2b8d25',
  githubUsername: 'octo-dev',
  email: 'octo@example.com',
  createdAt: '2025-03-01T10:00:00.000Z',
  rank: 'Code Novice',
  coins: 100,
  xp: 80,
  name: null,
  bio: null,
  githubInfo: {
    avatar_url: 'https://avatars.example/octo-dev.png',
    name: 'Octo Dev',
    bio: 'Full-stack developer.',
    public_repos: 2,
    followers: 1,
    following: 2,
    location: null,
  },
  xpHistory: [],
};

const render = (value: ContributorProfile) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(ProfileForm, { profile: value }),
    ),
  );

describe('ProfileForm', () => {
  it('starts from the GitHub name and bio when the profile has none', () => {
    const html = render(profile);
    expect(html).toContain('value="Octo Dev"');
    expect(html).toContain('Full-stack developer.');
    expect(html).toContain('21/500');
    expect(html).toContain('Save Profile');
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>.*?Save Profile/);
  });

  it('turns the counter red and disables Save above 500 characters', () => {
    const html = render({ ...profile, bio: 'a'.repeat(501) });
    expect(html).toContain('501/500');
    expect(html).toContain('text-destructive');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Save Profile/);
  });
});
