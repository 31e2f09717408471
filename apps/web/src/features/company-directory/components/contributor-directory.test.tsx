import type { DirectoryPage } from '@openstake/core';
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { companyDirectoryKeys } from '../api/query-keys';
import { parseDirectoryFilters, type DirectoryFilters } from '../lib/directory-filters';
import { directoryRow } from '../test/directory-data';
import { ContributorDirectory, NO_CONTRIBUTORS_MESSAGE } from './contributor-directory';

const NOW = new Date('2026-03-01T12:00:00.000Z');

function render(filters: DirectoryFilters, pages?: DirectoryPage[]): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (pages) {
    const data: InfiniteData<DirectoryPage, string | null> = {
      pages,
      pageParams: pages.map((_, i) => (i === 0 ? null : (pages[i - 1]?.nextCursor ?? null))),
    };
    client.setQueryData(companyDirectoryKeys.list(filters), data);
  }
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(ContributorDirectory, {
        filters,
        onFiltersChange: () => undefined,
        onViewProfile: () => undefined,
        now: NOW,
      }),
    ),
  );
}

const filters = (search = '') => parseDirectoryFilters(new URLSearchParams(search));
const stats = { total: 45, active: 30, averageXp: 1234 };

describe('ContributorDirectory', () => {
  it("shows the rows, the stats of every match and 'Showing X of Y' with Load more", () => {
    const html = render(filters(), [
      {
        data: [
          directoryRow(1, { rank: 'Code Master', xp: 2000, repositories: 7 }),
          directoryRow(2, { name: null, isActive: false, lastActiveAt: null }),
        ],
        stats,
        nextCursor: 'user-2',
      },
    ]);
    expect(html.match(/data-testid="contributor-row"/g)).toHaveLength(2);
    expect(html).toContain('Showing 2 of 45 contributors');
    expect(html).toContain('Load more');
    expect(html).toMatch(/data-testid="stat-total".*?>45</);
    expect(html).toMatch(/data-testid="stat-active".*?>30</);
    expect(html).toMatch(/data-testid="stat-average-xp".*?>1,234</);
    // Columns: contributor, rank badge in its colours, XP, repositories, status, last active.
    expect(html).toContain('dev-1');
    expect(html).toContain('Dev Number 1');
    expect(html).toMatch(/bg-purple-100 text-purple-800" data-testid="rank-badge">.*?Code Master</);
    expect(html).toContain('2,000');
    expect(html).toMatch(/>7<\/td>/);
    expect(html).toContain('Inactive');
    expect(html).toContain('Never');
    expect(html).toContain('3 hours ago');
    expect(html.match(/View Profile/g)).toHaveLength(2);
  });

  it('counts the rows of every page loaded and hides Load more after the last page', () => {
    const html = render(filters(), [
      { data: [directoryRow(1), directoryRow(2)], stats: { ...stats, total: 3 }, nextCursor: 'x' },
      { data: [directoryRow(3)], stats: { ...stats, total: 3 }, nextCursor: null },
    ]);
    expect(html).toContain('Showing 3 of 3 contributors');
    expect(html).not.toContain('Load more');
  });

  it("shows the product's text when no contributor matches, with a way to clear the filters", () => {
    const empty = { data: [], stats: { total: 0, active: 0, averageXp: 0 }, nextCursor: null };
    const filtered = render(filters('rank=Code+Expert'), [empty]);
    expect(filtered).toContain(`>${NO_CONTRIBUTORS_MESSAGE}<`);
    expect(NO_CONTRIBUTORS_MESSAGE).toBe('No contributors found matching your criteria.');
    expect(filtered).toContain('Clear filters');
    expect(filtered).not.toContain('Showing');

    expect(render(filters(), [empty])).not.toContain('Clear filters');
  });

  it('shows a loading state until the first page arrives', () => {
    const html = render(filters());
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading contributors...');
    expect(html).not.toContain(NO_CONTRIBUTORS_MESSAGE);
  });

  it('shows the filters it was given, as read from the URL', () => {
    const html = render(
      filters(
        'rank=Code+Master&status=inactive&language=Go&minXp=250&mergedWithinDays=90&sort=recent',
      ),
      [{ data: [], stats: { total: 0, active: 0, averageXp: 0 }, nextCursor: null }],
    );
    const trigger = (name: string) =>
      new RegExp(`data-testid="${name}-filter"[^>]*><span[^>]*>([^<]*)<`).exec(html)?.[1];
    expect(trigger('rank')).toBe('Code Master');
    expect(trigger('status')).toBe('Inactive');
    expect(trigger('language')).toBe('Go');
    expect(trigger('merged')).toBe('90 days');
    expect(trigger('sort')).toBe('Recently active');
    expect(html).toMatch(/<input type="number"[^>]*value="250"/);
  });
});
