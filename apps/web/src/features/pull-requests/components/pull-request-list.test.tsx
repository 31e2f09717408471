import type { MaintainerRepository, PullRequest, PullRequestQueue } from '@openstake/core';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/features/maintainer-repositories/test/render';
import { NO_PULL_REQUESTS_TEXT, PullRequestList, RECENTLY_CLOSED_TITLE } from './pull-request-list';
import { loadMarkdown } from '@/features/issues/hooks/use-markdown';
import { maintainerRepositoriesKeys } from '@/features/maintainer-repositories/api/query-keys';
import { pullRequestsKeys } from '../api/query-keys';

const render = (seed?: Parameters<typeof renderWithProviders>[1]) =>
  renderWithProviders(<PullRequestList owner="acme" repo="widgets" />, seed);

const EMPTY: PullRequestQueue = {
  pullRequests: [],
  unstakedOnBounties: [],
  recentlyClosed: [],
  truncated: false,
  readAt: '2026-11-29T09:00:00.000Z',
};

const pull = (number: number, overrides: Partial<PullRequest> = {}): PullRequest => ({
  number,
  title: `Pull request ${String(number)}`,
  body: null,
  state: 'open',
  draft: false,
  html_url: `https://github.com/acme/widgets/pull/${String(number)}`,
  user: { login: `author-${String(number)}`, avatar_url: '' },
  labels: [],
  comments: 0,
  created_at: '2025-03-10T07:00:00.000Z',
  updated_at: '2025-03-10T08:00:00.000Z',
  stakeAmount: null,
  stakePricePercent: null,
  aiAssistance: null,
  checks: null,
  ...overrides,
});

const renderQueue = (queue: Partial<PullRequestQueue>) =>
  render((client) => {
    client.setQueryData(pullRequestsKeys.list('acme', 'widgets'), { ...EMPTY, ...queue });
  });

/** The pull request numbers of the cards, in the order shown. */
const cardOrder = (html: string) => [...html.matchAll(/>#(\d+)</g)].map((m) => Number(m[1]));

beforeAll(async () => {
  await loadMarkdown();
});

describe('PullRequestList', () => {
  it('shows the loading text', () => {
    expect(render()).toContain('Loading PRs…');
  });

  it('shows the search box', () => {
    expect(render()).toContain('placeholder="Search by title or author..."');
  });

  it("offers Create PR on GitHub's compare page when there is no open pull request", () => {
    const html = render((client) => {
      client.setQueryData(pullRequestsKeys.list('acme', 'widgets'), EMPTY);
    });
    expect(html).toContain(NO_PULL_REQUESTS_TEXT);
    expect(html).toContain('Create PR');
    expect(html).toContain('href="https://github.com/acme/widgets/compare"');
  });

  it('uses the repository address already loaded by the dashboard (demo mode serves its own)', () => {
    const html = render((client) => {
      client.setQueryData(pullRequestsKeys.list('acme', 'widgets'), EMPTY);
      client.setQueryData<Partial<MaintainerRepository>[]>(maintainerRepositoriesKeys.list, [
        { owner: 'acme', name: 'widgets', html_url: 'http://localhost:4100/acme/widgets' },
      ]);
    });
    expect(html).toContain('href="http://localhost:4100/acme/widgets/compare"');
  });

  it("shows the queue in the server's order, with each card's stake, AI declaration and checks", () => {
    const html = renderQueue({
      pullRequests: [
        pull(12, { stakeAmount: 10, stakePricePercent: 50, checks: 'success' }),
        pull(4, {
          stakeAmount: 20,
          stakePricePercent: 200,
          aiAssistance: 'assisted',
          checks: 'success',
        }),
        pull(9, { stakeAmount: 10, stakePricePercent: 100, checks: 'failure' }),
        pull(3),
      ],
    });
    expect(cardOrder(html)).toEqual([12, 4, 9, 3]);
    expect(html).toContain('(0.5x price)');
    expect(html).toContain('(2x price)');
    expect(html).toContain('AI-assisted');
    expect(html).toContain('Checks passing');
    expect(html).toContain('Checks failing');
  });

  it('folds unstaked pull requests on bounty issues away behind their count', () => {
    const html = renderQueue({
      pullRequests: [pull(1, { stakeAmount: 5 })],
      unstakedOnBounties: [pull(7), pull(8)],
    });
    expect(html).toMatch(
      /<button[^>]*aria-expanded="false"[^>]*>.*?2 unstaked pull requests on bounty issues<\/button>/,
    );
    // Folded: their cards are not shown until the maintainer opens the fold.
    expect(cardOrder(html)).toEqual([1]);
    expect(renderQueue({ unstakedOnBounties: [pull(7)] })).toContain(
      '1 unstaked pull request on a bounty issue',
    );
  });

  it('lists the pull requests recently closed without a merge apart, after the queue', () => {
    const html = renderQueue({
      pullRequests: [pull(2)],
      recentlyClosed: [pull(5, { state: 'closed' })],
    });
    expect(html).toContain(RECENTLY_CLOSED_TITLE);
    expect(cardOrder(html)).toEqual([2, 5]);
    expect(html.indexOf(RECENTLY_CLOSED_TITLE)).toBeGreaterThan(html.indexOf('#2'));
  });

  it('says when GitHub was read, beside a Refresh that reads it again', () => {
    const html = renderQueue({ pullRequests: [pull(1)] });
    expect(html).toMatch(/Read from GitHub at \d{1,2}:00:00 [AP]M/);
    expect(html).toMatch(/<button[^>]*>.*?Refresh<\/button>/);
  });

  it('says when the queue holds only the oldest open pull requests', () => {
    expect(renderQueue({ pullRequests: [pull(1)], truncated: true })).toContain(
      'The queue holds the oldest 1,000 open pull requests',
    );
  });
});
