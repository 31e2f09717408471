import type { ContributorVouch, RepositoryVouch } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { maintainerRepositoriesKeys } from '../api/query-keys';
import { GithubUserVouchList, NO_USER_VOUCHES_TEXT } from './github-user-vouches';
import { NO_VOUCHES_TEXT, RepositoryVouchesSection, VouchList } from './repository-vouches';

const vouch = (overrides: Partial<RepositoryVouch> = {}): RepositoryVouch => ({
  githubUserId: 1,
  login: 'alice',
  kind: 'vouched',
  reason: null,
  source: 'settings',
  decidedByLogin: 'mia',
  updatedAt: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

const section = (vouches?: RepositoryVouch[]) =>
  renderWithProviders(<RepositoryVouchesSection owner="acme" repo="widgets" />, (client) => {
    if (vouches)
      client.setQueryData(maintainerRepositoriesKeys.vouches('acme', 'widgets'), vouches);
  });

describe('the repository settings: vouched and denounced', () => {
  it('lists each user with their word, its reason and who said it where, and a way to withdraw it', () => {
    const html = section([
      vouch({ githubUserId: 2, login: 'spammer', kind: 'denounced', reason: '40 generated PRs' }),
      vouch({ source: 'file', decidedByLogin: null }),
    ]);
    expect(html).toContain('@spammer');
    expect(html).toContain('Denounced');
    expect(html).toContain('40 generated PRs');
    expect(html).toContain('by @mia in settings');
    expect(html).toContain('@alice');
    expect(html).toContain('in .github/VOUCHED.td');
    expect(html).toContain('Withdraw<span class="sr-only"> the word on @spammer</span>');
    expect(html.indexOf('@spammer')).toBeLessThan(html.indexOf('@alice'));
  });

  it('has a labelled form to vouch or denounce by login, with the reason', () => {
    const html = section([]);
    expect(html).toMatch(/<label[^>]*for="([^"]+)-login"[^>]*>GitHub login<\/label>/);
    expect(html).toMatch(/<label[^>]*>Reason \(needed to denounce\)<\/label>/);
    expect(html).toContain('maxLength="300"');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Vouch<\/button>/);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Denounce<\/button>/);
  });

  it('says when nobody is vouched for yet, and while the list loads', () => {
    expect(section([])).toContain(NO_VOUCHES_TEXT);
    const loading = section();
    expect(loading).toContain('Loading the vouched and denounced users');
    expect(loading).not.toContain(NO_VOUCHES_TEXT);
  });

  it('shows a failure with a way to try again', () => {
    const html = renderWithProviders(
      <VouchList
        owner="acme"
        repo="widgets"
        state={{
          status: 'error',
          message: 'You need push access to acme/widgets on GitHub for this',
          isRetrying: false,
          retry: () => undefined,
        }}
      />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('You need push access to acme/widgets on GitHub for this');
    expect(html).toContain('Try again');
  });
});

describe("a contributor's profile, as a maintainer sees it", () => {
  const line = (overrides: Partial<ContributorVouch> = {}): ContributorVouch => ({
    repository: 'acme/widgets',
    kind: 'vouched',
    reason: null,
    decidedByLogin: 'maint',
    updatedAt: '2026-11-29T10:00:00.000Z',
    ...overrides,
  });

  it('names each repository and who vouched or denounced, with the reason', () => {
    const html = renderWithProviders(
      <GithubUserVouchList
        vouches={[
          line(),
          line({
            repository: 'acme/gadgets',
            kind: 'denounced',
            reason: 'spam',
            decidedByLogin: null,
          }),
        ]}
      />,
    );
    expect(html).toContain('Vouched for in acme/widgets by @maint');
    expect(html).toContain('Denounced in acme/gadgets by its VOUCHED.td file');
    expect(html).toContain(': spam');
    expect(renderWithProviders(<GithubUserVouchList vouches={[]} />)).toContain(
      NO_USER_VOUCHES_TEXT,
    );
  });
});
