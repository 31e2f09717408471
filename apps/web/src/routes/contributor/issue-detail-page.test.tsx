import type { IssueDetail, IssueStake } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { IssueDetailPage } from './issue-detail-page';
import { issuesKeys } from '@/features/issues/api/query-keys';

const issue: IssueDetail = {
  id: 42,
  number: 7,
  title: 'Support pagination',
  body: 'Lists get long.',
  difficulty: 'beginner',
  bounty: 0,
  xpReward: 25,
  stakingRequired: 5,
  stakePrice: { amount: 5, factorPercent: 100, text: '5 coins' },
  htmlUrl: 'https://github.com/acme/widgets/issues/7',
  repository: {
    fullName: 'acme/widgets',
    description: null,
    language: 'TypeScript',
    stargazersCount: 3,
    htmlUrl: 'https://github.com/acme/widgets',
  },
  labels: [],
  user: { login: 'mia' },
  state: 'open',
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-02T00:00:00.000Z',
  commentsCount: 0,
  estimatedHours: 4,
  deductionPercent: 10,
  myStake: null,
  stakeRefusal: null,
};

const stake = (status: IssueStake['status']): IssueStake => ({
  _id: 's1',
  status,
  amount: 5,
  prUrl: 'https://github.com/acme/widgets/pull/9',
  createdAt: '2025-03-03T00:00:00.000Z',
  settledAt: status === 'pending' ? null : '2025-03-04T00:00:00.000Z',
  coinsEarned: 0,
  xpEarned: 0,
  coinsLost: 0,
  bountyEarned: 0,
  xpUncounted: 0,
  xpLimitReason: null,
});

/** The page as it renders once the issue is loaded. */
function render(detail: IssueDetail): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(issuesKeys.detail(42), { issue: detail });
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(
        MemoryRouter,
        { initialEntries: ['/contributor/issue/42'] },
        createElement(
          Routes,
          null,
          createElement(Route, {
            path: '/contributor/issue/:issueId',
            element: createElement(IssueDetailPage),
          }),
        ),
      ),
    ),
  );
}

const stakeButton = /<button[^>]*>(?:(?!<\/button>).)*Stake &amp; Start Working/s;

describe('IssueDetailPage and the viewer\u2019s stake', () => {
  it('offers a stake when the contributor has none', () => {
    const html = render(issue);
    expect(html).toMatch(stakeButton);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Stake &amp;/s);
    expect(html).not.toContain('my-stake');
  });

  it('shows a pending stake with its pull request, and no second stake', () => {
    const html = render({ ...issue, myStake: stake('pending') });
    expect(html).toContain('Staked — waiting for review');
    expect(html).toContain('href="https://github.com/acme/widgets/pull/9"');
    expect(html).not.toMatch(stakeButton);
  });

  it('says why a stake would be refused where the button is, which is disabled and describes it', () => {
    const refusal =
      'You have 2 open stakes in acme/widgets, its limit; one frees when a pull request of yours is merged or closed';
    const html = render({ ...issue, stakeRefusal: refusal });
    const button = /<button[^>]*>(?:(?!<\/button>).)*Stake &amp; Start Working/s.exec(html)?.[0];
    expect(button).toBeDefined();
    expect(button).toContain('disabled=""');
    const describedBy = /aria-describedby="([^"]+)"/.exec(button ?? '')?.[1];
    expect(describedBy).toBeDefined();
    expect(html).toMatch(new RegExp(`<p id="${describedBy ?? ''}"[^>]*>${refusal}</p>`));
  });

  it('shows their pending stake, not a refusal, where they already staked', () => {
    const html = render({
      ...issue,
      myStake: stake('pending'),
      stakeRefusal: 'You have 2 open stakes in acme/widgets, its limit',
    });
    expect(html).toContain('Staked — waiting for review');
    expect(html).not.toContain('its limit');
    expect(html).not.toMatch(stakeButton);
  });

  it('after a settled stake shows the result and that staking again is possible', () => {
    const html = render({ ...issue, myStake: stake('expired') });
    expect(html).toContain('Stake expired — refunded in full');
    expect(html).toMatch(stakeButton);
    expect(html).toContain('You can stake again with a new pull request.');
  });
});

describe('IssueDetailPage: the stake', () => {
  it("shows the contributor's price and why, and the issue's own stake more quietly", () => {
    const html = render({
      ...issue,
      stakePrice: {
        amount: 10,
        factorPercent: 200,
        text: '10 coins: 2x while your account is new (under 30 days)',
      },
    });
    expect(html).toMatch(
      /Your Stake<\/dt><dd[^>]*>10 coins: 2x while your account is new \(under 30 days\)<\/dd><dd class="text-xs text-muted-foreground">Issue stake: 5 coins<\/dd>/,
    );
  });

  it("says the issue's stake once when the contributor pays it as it is", () => {
    const html = render(issue);
    expect(html).toMatch(/Your Stake<\/dt><dd[^>]*>5 coins<\/dd><\/div>/);
    expect(html).not.toContain('Issue stake');
  });
});

describe('IssueDetailPage: Bounty Details', () => {
  it('says there is no bounty rather than 0 coins, and the XP a merge can pay', () => {
    const html = render(issue);
    expect(html).toMatch(/Coins Reward<\/dt><dd[^>]*>No bounty</);
    expect(html).toMatch(/XP Points<\/dt><dd[^>]*>1–204 XP</);
    expect(html).toContain('merged on GitHub without them, 25 XP.');
    expect(render({ ...issue, bounty: 40 })).toMatch(/Coins Reward<\/dt><dd[^>]*>40 coins</);
  });
});
