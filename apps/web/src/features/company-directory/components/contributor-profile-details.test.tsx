import type { DirectoryGithub } from '@openstake/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { githubView, REPOSITORIES_LABEL, type GithubView } from '../lib/directory-display';
import { directoryProfile, directoryRow, verifiedWork } from '../test/directory-data';
import {
  ContributorProfileDetails,
  EMAIL_NOT_VERIFIED_LABEL,
  MAX_RANK_LABEL,
} from './contributor-profile-details';
import { DirectoryTable } from './directory-table';
import { GITHUB_UNAVAILABLE_TITLE } from './github-details';
import { NO_RATINGS_MESSAGE } from './verified-work-list';

const github: Extract<DirectoryGithub, { available: true }> = {
  available: true,
  profile: {
    avatarUrl: 'https://avatars.example/dev-1.png',
    name: 'Dev One',
    bio: 'Builds compilers for fun.',
    location: 'Lisbon',
    followers: 1250,
    publicRepos: 31,
  },
  repositories: [
    {
      fullName: 'dev-1/parser',
      description: 'A tiny parser',
      language: 'Rust',
      stargazersCount: 88,
      htmlUrl: 'https://github.com/dev-1/parser',
    },
  ],
};

const render = (
  profile = directoryProfile(),
  view: GithubView = { state: 'available', github },
  contact?: string,
) =>
  renderToStaticMarkup(
    createElement(ContributorProfileDetails, {
      profile,
      github: view,
      contact: contact && createElement('button', { type: 'button' }, contact),
    }),
  );

describe('ContributorProfileDetails', () => {
  it('says where the XP came from, and names the maintainer of each merge and its ratings', () => {
    const html = render(
      directoryProfile({
        xpMaintainers: 1,
        xpRepositories: 1,
        verifiedWork: [verifiedWork(), verifiedWork({ stakeId: 'stake-2', feedback: null })],
      }),
    );
    expect(html).toContain('XP from 1 maintainer in 1 repository');
    expect(html).toContain(
      'by <span class="font-medium text-foreground">@mia-maintainer</span>, who gave these ratings',
    );
    // A merge seen only on GitHub names its maintainer too, with no ratings to claim.
    expect(html.split('@mia-maintainer').length - 1).toBe(2);
    expect(render(directoryProfile({ xpMaintainers: 0, xpRepositories: 0 }))).not.toContain(
      'XP from',
    );
  });

  it('shows the same provenance in the directory row', () => {
    const html = renderToStaticMarkup(
      createElement(DirectoryTable, {
        contributors: [directoryRow(1)],
        onViewProfile: () => undefined,
        now: new Date('2026-03-02T00:00:00Z'),
      }),
    );
    expect(html).toContain('XP from 2 maintainers in 3 repositories');
  });

  it("shows the record: rank, XP, activity, username, join date, coins and this week's coins", () => {
    const html = render();
    expect(html).toContain('Code Apprentice');
    expect(html).toContain('Active');
    expect(html).toContain('@dev-1');
    expect(html).toMatch(/<dt[^>]*>XP<\/dt><dd[^>]*>131</);
    expect(html).toMatch(/<dt[^>]*>Coins<\/dt><dd[^>]*>260</);
    expect(html).toMatch(/<dt[^>]*>Coins earned this week<\/dt><dd[^>]*>74</);
    expect(html).toContain('Nov 3, 2025');
    // Progress by core's one rule: 131 of the 500 where Code Contributor starts.
    expect(html).toContain('Progress to Code Contributor');
    expect(html).toContain('131 / 500 XP');
    expect(html).not.toContain(MAX_RANK_LABEL);
  });

  it("shows the row's Repositories figure, apart from GitHub's count of public repositories", () => {
    const row = directoryRow(1, { repositories: 1 });
    const profile = directoryProfile({ ...row });
    const dialog = render(profile);
    const table = renderToStaticMarkup(
      createElement(DirectoryTable, {
        contributors: [row],
        onViewProfile: () => undefined,
        now: new Date('2026-03-01T12:00:00.000Z'),
      }),
    );
    // One number under one name in both places: the server's count of repositories with merged
    // staked work. GitHub's own count (31) is labelled as GitHub's.
    expect(table).toContain(`>${REPOSITORIES_LABEL}</th>`);
    expect(table).toMatch(/<td[^>]*>1<\/td>/);
    expect(dialog).toMatch(new RegExp(`<dt[^>]*>${REPOSITORIES_LABEL}</dt><dd[^>]*>1<`));
    expect(dialog).toMatch(/<dt[^>]*>Public repositories on GitHub<\/dt><dd[^>]*>31</);
  });

  it("says 'Max rank achieved' at the top rank, without a bar", () => {
    const html = render(directoryProfile({ xp: 5200, rank: 'Open Source Legend' }));
    expect(html).toContain('Max rank achieved');
    expect(html).not.toContain('role="progressbar"');
  });

  it('shows the email only when the contributor lets companies see it', () => {
    expect(render(directoryProfile({ email: 'dev1@example.com' }))).toContain('dev1@example.com');
    expect(render(directoryProfile({ email: null }))).not.toMatch(/>Email</);
  });

  it('says an unconfirmed email is not verified, rather than presenting it plainly', () => {
    const confirmed = render(directoryProfile({ email: 'dev1@example.com' }));
    expect(confirmed).toContain('<dd class="font-medium wrap-anywhere">dev1@example.com</dd>');
    expect(confirmed).not.toContain(EMAIL_NOT_VERIFIED_LABEL);

    const unconfirmed = render(
      directoryProfile({ email: 'dev1@example.com', emailVerified: false }),
    );
    expect(unconfirmed).toContain('data-testid="profile-email-unverified"');
    expect(unconfirmed.replace(/<[^>]+>/g, '')).toContain('dev1@example.com (email not verified)');
    expect(unconfirmed).not.toContain(
      '<dd class="font-medium wrap-anywhere">dev1@example.com</dd>',
    );
  });

  it("takes location and followers from GitHub, and GitHub's bio when the profile has none", () => {
    const html = render();
    expect(html).toContain('Lisbon');
    expect(html).toMatch(/Followers<\/dt><dd[^>]*>1,250</);
    expect(html).toContain('dev-1/parser');
    expect(html).toContain('href="https://github.com/dev-1/parser"');
    expect(html).toContain('Builds compilers for fun.');

    const own = render(directoryProfile({ bio: 'My own words.' }));
    expect(own).toContain('My own words.');
    expect(own).not.toContain('Builds compilers for fun.');
  });

  it("says clearly when GitHub cannot be read, with the server's reason", () => {
    const html = render(directoryProfile({ bio: null }), {
      state: 'unavailable',
      reason: 'GitHub is rate limiting us; try again in a few minutes.',
    });
    expect(html).toContain(GITHUB_UNAVAILABLE_TITLE);
    expect(GITHUB_UNAVAILABLE_TITLE).toBe('GitHub details are unavailable right now');
    expect(html).toContain('GitHub is rate limiting us; try again in a few minutes.');
    expect(html).not.toContain('Followers');
    expect(html).not.toContain('Location');
    // The OpenStake record still shows.
    expect(html).toContain('Verified work');
    expect(html).toContain('No bio yet.');
  });

  it('shows a loading state while GitHub is read', () => {
    const html = render(directoryProfile(), { state: 'loading' });
    expect(html).toContain('Loading GitHub details...');
    expect(html).not.toContain(GITHUB_UNAVAILABLE_TITLE);
  });

  it('lists verified work with the PR link, merge date, XP, the five ratings and the tags', () => {
    const html = render();
    expect(html).toContain('acme/widgets');
    expect(html).toMatch(
      /<a href="https:\/\/github.com\/acme\/widgets\/pull\/42" target="_blank" rel="noopener noreferrer"[^>]*>PR #42/,
    );
    expect(html).toContain('Fix the flaky login test');
    expect(html).toContain('Feb 20, 2026');
    expect(html).toContain('+37 XP');
    for (const [label, rating] of [
      ['Code Quality &amp; Standards', 5],
      ['Documentation &amp; Comments', 3],
      ['Testing Coverage', 4],
      ['Performance Impact', 2],
      ['Security Considerations', 1],
    ] as const) {
      expect(html).toMatch(new RegExp(`${label}</dt><dd[^>]*>${String(rating)}/5<`));
    }
    expect(html).toContain('Bug Fix');
    expect(html).toContain('>Docs<');
    expect(html).not.toContain(NO_RATINGS_MESSAGE);
  });

  it("says 'Merged on GitHub without ratings' for work merged without feedback", () => {
    const html = render(directoryProfile({ verifiedWork: [verifiedWork({ feedback: null })] }));
    expect(html).toContain('Merged on GitHub without ratings');
    expect(html).not.toContain('Testing Coverage');
  });

  it('never links a work or profile address that is not http(s)', () => {
    const html = render(
      directoryProfile({
        githubUrl: 'javascript:alert(1)',
        verifiedWork: [verifiedWork({ prUrl: 'javascript:alert(2)' })],
      }),
    );
    expect(html).not.toContain('javascript:');
    expect(html).toContain('View GitHub Profile');
  });

  it('opens GitHub in a new tab and puts the contact control beside it', () => {
    const html = render(directoryProfile(), { state: 'loading' }, 'Contact Contributor');
    expect(html).toMatch(
      /<button type="button">Contact Contributor<\/button><a href="https:\/\/github.com\/dev-1" target="_blank" rel="noopener noreferrer"/,
    );
  });

  it('shows recent stakes with what they earned', () => {
    const html = render();
    expect(html).toMatch(/data-testid="recent-stake"/);
    expect(html).toContain('Staked 10 coins');
    expect(html).toContain('Accepted');
    expect(html).toContain('+74 coins · +37 XP');
  });

  it('says what a rejected stake lost and that an expired one came back in full, not red', () => {
    const stake = directoryProfile().recentStakes[0]!;
    const html = render(
      directoryProfile({
        recentStakes: [
          {
            ...stake,
            id: 'r',
            status: 'rejected',
            amount: 5,
            coinsEarned: 0,
            xpEarned: 0,
            coinsLost: 1,
          },
          { ...stake, id: 'e', status: 'expired', amount: 5, coinsEarned: 0, xpEarned: 0 },
        ],
      }),
    );
    expect(html).toContain('-1 coin · 4 coins refunded');
    expect(html).toContain('5 coins refunded in full');
    expect(html).not.toContain('0 coins');
    // The expired stake's badge is not the loss's colour.
    expect(html).toMatch(/<span data-slot="badge" class="[^"]*bg-secondary[^"]*">Expired<\/span>/);
    expect(html).toMatch(
      /<span data-slot="badge" class="[^"]*bg-destructive[^"]*">Rejected<\/span>/,
    );
  });
});

describe('githubView', () => {
  it('is loading, available or unavailable with the reason, a failed call included', () => {
    expect(githubView({ data: undefined, error: null })).toEqual({ state: 'loading' });
    expect(githubView({ data: github, error: null })).toEqual({ state: 'available', github });
    expect(githubView({ data: { available: false, reason: 'No link' }, error: null })).toEqual({
      state: 'unavailable',
      reason: 'No link',
    });
    expect(
      githubView({
        data: undefined,
        error: new ApiError({ status: 503, serverMessage: 'GitHub is unavailable' }),
      }),
    ).toEqual({ state: 'unavailable', reason: 'GitHub is unavailable' });
    expect(githubView({ data: undefined, error: new ApiError({ status: 0 }) })).toEqual({
      state: 'unavailable',
      reason: 'GitHub could not be reached.',
    });
  });
});
