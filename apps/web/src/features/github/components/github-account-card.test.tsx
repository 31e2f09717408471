import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { type GithubAccount } from '../api/github-account';
import { GithubAccountCard } from './github-account-card';
import { githubKeys } from '../api/query-keys';

function render(role: 'contributor' | 'maintainer', account?: GithubAccount): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (account) client.setQueryData(githubKeys.account, account);
  return renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        MemoryRouter,
        { initialEntries: [`/${role}/dashboard`] },
        createElement(GithubAccountCard, { role }),
      ),
    ),
  );
}

const notLinked: GithubAccount = { linked: false, login: null, linkedAt: null };

describe('GithubAccountCard', () => {
  it('shows a loading state while the account is fetched', () => {
    expect(render('contributor')).toContain('Checking your GitHub connection...');
  });

  it('offers a contributor to connect, returning to the current page', () => {
    const html = render('contributor', notLinked);
    expect(html).toContain(
      'Connect your GitHub account to verify your username and unlock staking.',
    );
    expect(html).toContain('href="/api/github/connect?returnTo=%2Fcontributor%2Fdashboard"');
    expect(html).toContain('Connect GitHub');
    expect(html).not.toContain('GitHub connected');
  });

  it('tells a maintainer that connecting unlocks repositories', () => {
    const html = render('maintainer', notLinked);
    expect(html).toContain('to verify your username and connect repositories.');
    expect(html).toContain('returnTo=%2Fmaintainer%2Fdashboard');
  });

  it('shows the verified login once linked, with no connect link', () => {
    const html = render('contributor', {
      linked: true,
      login: 'octo-dev',
      linkedAt: '2025-03-05T10:00:00.000Z',
    });
    expect(html).toContain('GitHub connected');
    expect(html).toContain('octo-dev');
    expect(html).not.toContain('/api/github/connect');
  });
});
