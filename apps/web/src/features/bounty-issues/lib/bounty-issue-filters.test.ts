import type { BountyIssuesPage } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import {
  bountyIssuesApiQuery,
  bountyIssuesEmptyState,
  DEFAULT_BOUNTY_ISSUE_FILTERS,
  EMPTY_BOUNTY_ISSUE_STATS,
  hasActiveFilters,
  parseBountyIssueFilters,
  withFilterChange,
  withPage,
} from './bounty-issue-filters';

const params = (search: string) => new URLSearchParams(search);

describe('parseBountyIssueFilters', () => {
  it('defaults to page 1 of everything', () => {
    expect(parseBountyIssueFilters(params(''))).toEqual(DEFAULT_BOUNTY_ISSUE_FILTERS);
  });

  it('reads page, status, difficulty and a trimmed search', () => {
    expect(
      parseBountyIssueFilters(
        params('page=3&status=in_progress&difficulty=advanced&search=%20ui%20'),
      ),
    ).toEqual({ page: 3, status: 'in_progress', difficulty: 'advanced', search: 'ui' });
  });

  it('falls back on values a hand-edited URL may hold', () => {
    expect(
      parseBountyIssueFilters(params('page=-2&status=merged&difficulty=hard&search=')),
    ).toEqual(DEFAULT_BOUNTY_ISSUE_FILTERS);
    expect(parseBountyIssueFilters(params('page=2.5')).page).toBe(1);
    expect(parseBountyIssueFilters(params('page=99999')).page).toBe(1000);
    expect(parseBountyIssueFilters(params(`search=${'a'.repeat(300)}`)).search).toHaveLength(200);
  });
});

describe('withFilterChange', () => {
  it('resets to page 1 on any change and keeps the other filters', () => {
    const next = withFilterChange(params('page=4&status=open&difficulty=beginner'), {
      status: 'completed',
    });
    expect(parseBountyIssueFilters(next)).toEqual({
      page: 1,
      status: 'completed',
      difficulty: 'beginner',
      search: '',
    });
    expect(next.has('page')).toBe(false);
  });

  it('resets the page on a search change too', () => {
    const next = withFilterChange(params('page=2'), { search: ' widget ' });
    expect(next.toString()).toBe('search=widget');
  });

  it('leaves defaults out of the URL and keeps unrelated parameters', () => {
    const next = withFilterChange(params('status=open&search=x&tab=1&page=2'), {
      status: 'all',
      difficulty: 'all',
      search: '',
    });
    expect(next.toString()).toBe('tab=1');
  });
});

describe('withPage', () => {
  it('sets the page and drops page 1', () => {
    expect(withPage(params('status=open'), 3).toString()).toBe('status=open&page=3');
    expect(withPage(params('status=open&page=3'), 1).toString()).toBe('status=open');
  });
});

describe('bountyIssuesApiQuery', () => {
  it('sends page, status and difficulty, and the search only when there is one', () => {
    expect(bountyIssuesApiQuery(DEFAULT_BOUNTY_ISSUE_FILTERS)).toBe(
      'page=1&status=all&difficulty=all',
    );
    expect(
      bountyIssuesApiQuery({ page: 2, status: 'open', difficulty: 'beginner', search: 'a&b c' }),
    ).toBe('page=2&status=open&difficulty=beginner&search=a%26b+c');
  });
});

describe('empty states', () => {
  const answer = (
    issues: number,
    totalIssues: number,
  ): Pick<BountyIssuesPage, 'issues' | 'stats'> => ({
    issues: Array.from({ length: issues }, () => ({}) as BountyIssuesPage['issues'][number]),
    stats: { ...EMPTY_BOUNTY_ISSUE_STATS, totalIssues },
  });

  it('says none created yet only when there are none and no filter is on', () => {
    expect(bountyIssuesEmptyState(DEFAULT_BOUNTY_ISSUE_FILTERS, answer(0, 0))).toBe('none-yet');
  });

  it('says nothing matches when a filter or search hides everything', () => {
    for (const change of [
      { status: 'open' },
      { difficulty: 'advanced' },
      { search: 'x' },
    ] as const) {
      const filters = { ...DEFAULT_BOUNTY_ISSUE_FILTERS, ...change };
      expect(hasActiveFilters(filters)).toBe(true);
      expect(bountyIssuesEmptyState(filters, answer(0, 0))).toBe('no-match');
      expect(bountyIssuesEmptyState(filters, answer(0, 5))).toBe('no-match');
    }
  });

  it('has no empty state when there is something to list', () => {
    expect(bountyIssuesEmptyState(DEFAULT_BOUNTY_ISSUE_FILTERS, answer(2, 2))).toBeNull();
  });
});
