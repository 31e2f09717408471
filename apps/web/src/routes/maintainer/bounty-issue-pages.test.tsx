import type { BountyIssuesPage as BountyIssuesPageData } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { describe, expect, it } from 'vitest';

import { UserContext, type UserContextValue } from '@/features/auth/user-context';
import { parseBountyIssueFilters } from '@/features/bounty-issues/lib/bounty-issue-filters';
import { BountyIssuesPage } from './bounty-issues-page';
import { NewIssuePage } from './new-issue-page';
import { OpenIssuePage } from './open-issue-page';
import { bountyIssuesKeys } from '@/features/bounty-issues/api/query-keys';

const user = (githubUsername: string | null): UserContextValue => ({
  user: {
    id: 'm1',
    email: 'maint@example.com',
    role: 'maintainer',
    githubUsername,
    emailVerified: true,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
  isLoading: false,
  setUser: () => undefined,
  logout: async () => Promise.resolve(),
  isLoggingOut: false,
});

function render(
  entry: InitialEntry,
  path: string,
  page: ReactElement,
  options: { queryClient?: QueryClient; githubUsername?: string | null } = {},
) {
  const queryClient = options.queryClient ?? new QueryClient();
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(
        UserContext.Provider,
        { value: user(options.githubUsername === undefined ? 'maint' : options.githubUsername) },
        createElement(
          MemoryRouter,
          { initialEntries: [entry] },
          createElement(Routes, null, createElement(Route, { path, element: page })),
        ),
      ),
    ),
  );
}

/** The text of the <label for=id> of each input, textarea and select trigger. */
function labelledControls(html: string): string[] {
  const labels = new Map<string, string>();
  for (const [, id, text] of html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>(.*?)<\/label>/g)) {
    labels.set(
      id!,
      text!
        .replace(/<[^>]+>/g, '')
        .replace(/\*$/, '')
        .trim(),
    );
  }
  const names: string[] = [];
  for (const [, id] of html.matchAll(/<(?:input|textarea|button)[^>]*\bid="([^"]+)"/g)) {
    const name = labels.get(id!);
    if (name) names.push(name);
  }
  return names;
}

describe('NewIssuePage', () => {
  const html = render(
    '/maintainer/new-issue?owner=acme&repo=widgets',
    '/maintainer/new-issue',
    createElement(NewIssuePage),
  );

  it('labels every field', () => {
    expect(labelledControls(html)).toEqual([
      'Owner',
      'Repository',
      'Title',
      'Description',
      'bug',
      'enhancement',
      'question',
      'documentation',
      'good first issue',
      'Assignees',
      'Milestone',
      'Custom stake (coins)',
      'Custom bounty (coins)',
    ]);
  });

  it('prefills owner and repository from the query', () => {
    expect(html).toMatch(/<input[^>]*name="owner"[^>]*value="acme"/);
    expect(html).toMatch(/<input[^>]*name="repo"[^>]*value="widgets"/);
  });

  it('keeps the submit button disabled while title, stake and bounty are blank', () => {
    expect(html).toMatch(
      /<button[^>]*type="submit"[^>]*disabled=""[^>]*>Create Issue with Stake &amp; Bounty/,
    );
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('Transaction Summary');
  });
});

describe('OpenIssuePage', () => {
  it('prefills the title from the navigation state', () => {
    const html = render(
      {
        pathname: '/maintainer/open-issue/12',
        state: { owner: 'acme', repo: 'widgets', title: 'Add dark mode' },
      },
      '/maintainer/open-issue/:number',
      createElement(OpenIssuePage),
    );
    expect(html).toContain('New Issue for PR #12');
    expect(html).toMatch(/<input[^>]*name="title"[^>]*value="\[Bounty\] Add dark mode"/);
    expect(html).toContain('pull request #12');
    expect(html).toMatch(/aria-pressed="true"[^>]*aria-label="Stake 10 coins"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Create Issue</);
  });

  it('waits for the pull request when only ?owner=&repo= are known', () => {
    const html = render(
      '/maintainer/open-issue/12?owner=acme&repo=widgets',
      '/maintainer/open-issue/:number',
      createElement(OpenIssuePage),
    );
    expect(html).toContain('Loading pull request #12...');
  });

  it("says 'Missing repo info' without a repository", () => {
    const html = render(
      '/maintainer/open-issue/12',
      '/maintainer/open-issue/:number',
      createElement(OpenIssuePage),
    );
    expect(html).toContain('Missing repo info');
  });
});

describe('BountyIssuesPage', () => {
  const stats = {
    totalIssues: 1,
    totalBountyAmount: 250,
    totalStakeAmount: 10,
    activeIssues: 1,
    completedIssues: 0,
    inProgressIssues: 0,
  };
  const withData = (search: string, data: BountyIssuesPageData) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      bountyIssuesKeys.list(parseBountyIssueFilters(new URLSearchParams(search))),
      data,
    );
    queryClient.setQueryData(bountyIssuesKeys.balance, { coins: 1000 });
    return render(
      `/maintainer/bounty-issues?${search}`,
      '/maintainer/bounty-issues',
      createElement(BountyIssuesPage),
      {
        queryClient,
      },
    );
  };

  it('lists the issues with stats, filters and a link to create one', () => {
    const html = withData('', {
      issues: [
        {
          id: 1,
          number: 7,
          title: 'Fix the widget',
          body: '',
          status: 'open',
          difficulty: 'beginner',
          labels: [],
          repository: { fullName: 'acme/widgets', htmlUrl: 'https://github.com/acme/widgets' },
          author: 'maint',
          createdAt: '2025-03-05T10:00:00.000Z',
          comments: 0,
          applicantsCount: 0,
          bountyAmount: 250,
          stakeAmount: 10,
          totalPayout: 260,
          htmlUrl: 'https://github.com/acme/widgets/issues/7',
          chainBounty: null,
        },
      ],
      stats,
      pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 20 },
    });
    expect(html).toContain('Bounty Issues by Me');
    expect(html).toContain('href="/maintainer/new-issue"');
    expect(html).toContain('Fix the widget');
    expect(html).toContain('Showing 1–1 of 1 issues');
    expect(labelledControls(html)).toEqual(['Search', 'Status', 'Difficulty']);
  });

  it('shows the no-match empty state when a filter hides everything', () => {
    const html = withData('status=completed', {
      issues: [],
      stats,
      pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 },
    });
    expect(html).toContain('No issues match your filters');
  });

  it('fetches nothing without a GitHub username', () => {
    const html = render(
      '/maintainer/bounty-issues',
      '/maintainer/bounty-issues',
      createElement(BountyIssuesPage),
      {
        githubUsername: null,
      },
    );
    expect(html).toContain('No GitHub username on your account');
    expect(html).not.toContain('Loading bounty issues');
  });
});
