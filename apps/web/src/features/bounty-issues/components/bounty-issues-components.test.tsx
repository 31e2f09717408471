import type { BountyIssue } from '@openstake/core';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';

import { BountyIssueCard } from './bounty-issue-card';
import { BountyIssueStats } from './bounty-issue-stats';
import { NoBountyIssuesMatch, NoBountyIssuesYet } from './bounty-issues-empty';
import { PageButtons } from './page-buttons';
import { loadMarkdown } from '@/features/issues/hooks/use-markdown';

const inRouter = (element: ReactElement) =>
  renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: ['/maintainer/bounty-issues'] }, element),
  );

const issue = (overrides: Partial<BountyIssue> = {}): BountyIssue => ({
  id: 3,
  number: 42,
  title: 'Add a dark mode',
  body: '## Why\n\nEyes **hurt** at night.',
  status: 'open',
  difficulty: 'intermediate',
  labels: [
    { name: 'enhancement', color: 'a2eeef' },
    { name: 'bounty-250', color: '0e8a16' },
  ],
  repository: { fullName: 'acme/widgets', htmlUrl: 'https://github.com/acme/widgets' },
  author: 'maint',
  createdAt: '2025-03-05T10:00:00.000Z',
  comments: 1,
  applicantsCount: 3,
  bountyAmount: 250,
  stakeAmount: 10,
  totalPayout: 260,
  htmlUrl: 'https://github.com/acme/widgets/issues/42',
  chainBounty: null,
  ...overrides,
});

// The excerpt's pipeline is a lazy chunk: here it is loaded first, as a screen preloads it.
beforeAll(async () => {
  await loadMarkdown();
});

describe('BountyIssueCard', () => {
  it('shows a chain bounty apart from the coins, with its status; none when it has none', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const html = inRouter(
      createElement(
        QueryClientProvider,
        { client },
        createElement(BountyIssueCard, {
          issue: issue({
            chainBounty: {
              status: 'released',
              chainIssueId: '3',
              amount: '1500000000000000000',
              amountDisplay: '1.5',
              symbol: 'HBAR',
              deadline: '4102444800',
              escrowAddress: `0x${'12'.repeat(20)}`,
              chainId: 296,
              funder: `0x${'ab'.repeat(20)}`,
              fundingTx: { hash: `0x${'cd'.repeat(32)}`, explorerUrl: null },
              endTx: {
                hash: '0xabcdef0123456789',
                explorerUrl: 'https://hashscan.io/testnet/transaction/0xabcdef0123456789',
              },
              note: null,
            },
          }),
        }),
      ),
    );
    expect(html).toContain('Chain bounty');
    expect(html).toContain('1.5 HBAR');
    expect(html).toContain('Released');
    expect(html).toContain('not coins');
    expect(html).toContain('href="https://hashscan.io/testnet/transaction/0xabcdef0123456789"');
    // The coin bounty stays in coins beside it.
    expect(html).toContain('250 coins');
    expect(renderToStaticMarkup(createElement(BountyIssueCard, { issue: issue() }))).not.toContain(
      'Chain bounty',
    );
  });

  it('shows the issue, repository, amounts, activity and a GitHub link in a new tab', () => {
    const html = renderToStaticMarkup(createElement(BountyIssueCard, { issue: issue() }));
    expect(html).toContain('Add a dark mode');
    expect(html).toContain('acme/widgets');
    expect(html).toContain('#42');
    expect(html).toContain('Eyes hurt at night.');
    expect(html).toContain('enhancement');
    expect(html).toContain('bounty-250');
    expect(html).toContain('250 coins');
    expect(html).toContain('10 coins');
    expect(html).toContain('260 coins');
    expect(html).toContain('3 applicants');
    expect(html).toContain('1 comment<');
    expect(html).toContain('dateTime="2025-03-05T10:00:00.000Z"');
    expect(html).toContain('href="https://github.com/acme/widgets/issues/42"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('View on GitHub');
    expect(html).toContain('intermediate');
  });

  it.each([
    ['open', 'Open', 'bg-green-100'],
    ['in_progress', 'In Progress', 'bg-blue-100'],
    ['completed', 'Completed', 'bg-purple-100'],
    ['closed', 'Closed', 'bg-gray-100'],
  ] as const)('colours status %s', (status, label, colour) => {
    const html = renderToStaticMarkup(createElement(BountyIssueCard, { issue: issue({ status }) }));
    const badge = /<span([^>]*data-testid="bounty-issue-status"[^>]*)>([^<]*)</.exec(html);
    expect(badge?.[1]).toContain(colour);
    expect(badge?.[2]).toBe(label);
  });

  it('never links an address that is not http(s)', () => {
    const html = renderToStaticMarkup(
      createElement(BountyIssueCard, { issue: issue({ htmlUrl: 'javascript:alert(1)' }) }),
    );
    expect(html).not.toContain('javascript:');
  });
});

describe('BountyIssueStats', () => {
  it('shows the six figures with their labels', () => {
    const html = renderToStaticMarkup(
      createElement(BountyIssueStats, {
        stats: {
          totalIssues: 12,
          totalBountyAmount: 3400,
          totalStakeAmount: 120,
          activeIssues: 7,
          completedIssues: 4,
          inProgressIssues: 2,
        },
      }),
    );
    const pairs = [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map(
      ([, label, value]) => [label, value],
    );
    expect(pairs).toEqual([
      ['Total Issues', '12'],
      ['Total Bounty', '3,400 coins'],
      ['Total Stake', '120 coins'],
      ['Active', '7'],
      ['Completed', '4'],
      ['In Progress', '2'],
    ]);
  });
});

describe('empty states', () => {
  it('offers to create the first issue', () => {
    const html = inRouter(createElement(NoBountyIssuesYet));
    expect(html).toContain('No bounty issues created yet');
    expect(html).toContain('href="/maintainer/new-issue"');
  });

  it('offers to clear filters that hide everything', () => {
    const html = renderToStaticMarkup(
      createElement(NoBountyIssuesMatch, { onClear: () => undefined }),
    );
    expect(html).toContain('No issues match your filters');
    expect(html).toContain('Clear filters');
  });
});

describe('PageButtons', () => {
  const render = (currentPage: number, totalPages: number) =>
    inRouter(
      createElement(PageButtons, {
        currentPage,
        totalPages,
        pageHref: (page: number) => ({ search: page === 1 ? '' : `page=${String(page)}` }),
      }),
    );
  const pageLabels = (html: string) =>
    [...html.matchAll(/aria-label="Page (\d+)"/g)].map((m) => Number(m[1]));

  it('shows up to five pages from the current one minus two', () => {
    expect(pageLabels(render(4, 10))).toEqual([2, 3, 4, 5, 6]);
    expect(pageLabels(render(1, 10))).toEqual([1, 2, 3, 4, 5]);
    expect(pageLabels(render(10, 10))).toEqual([8, 9, 10]);
  });

  it('marks the current page and disables Previous on the first page', () => {
    const html = render(1, 3);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*aria-label="Page 1"/);
    expect(html).toMatch(/<a[^>]*aria-disabled="true"[^>]*>(?:(?!<\/a>).)*Previous<\/a>/);
    expect(html).toContain('href="/maintainer/bounty-issues?page=2"');
  });

  it('shows nothing for a single page', () => {
    expect(render(1, 1)).toBe('');
    expect(render(1, 0)).toBe('');
  });
});
