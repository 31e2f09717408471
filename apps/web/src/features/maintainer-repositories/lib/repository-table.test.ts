import { DEFAULT_REPOSITORY_POLICY, type MaintainerRepository } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import {
  DEFAULT_ROWS_PER_PAGE,
  ROWS_PER_PAGE_OPTIONS,
  connectableSelection,
  filterRepositories,
  isRowsPerPage,
  keepListed,
  pageSelectionState,
  selectPage,
  selectRow,
  tablePage,
} from './repository-table';

const repository = (
  name: string,
  overrides: Partial<MaintainerRepository> = {},
): MaintainerRepository => ({
  id: name.length,
  name,
  full_name: `acme/${name}`,
  owner: 'acme',
  html_url: `https://github.com/acme/${name}`,
  description: null,
  language: 'TypeScript',
  stargazers_count: 3,
  updated_at: '2025-03-01T10:00:00.000Z',
  open_issues_count: 1,
  private: false,
  visibility: 'Public',
  canPush: true,
  connection: null,
  ...overrides,
});

describe('rows per page', () => {
  it('offers 5, 10, 25 and 50, 10 by default', () => {
    expect(ROWS_PER_PAGE_OPTIONS).toEqual([5, 10, 25, 50]);
    expect(DEFAULT_ROWS_PER_PAGE).toBe(10);
    expect(isRowsPerPage(25)).toBe(true);
    expect(isRowsPerPage(20)).toBe(false);
  });
});

describe('filterRepositories', () => {
  const repos = [
    repository('Widgets', { description: 'Blue widgets' }),
    repository('gadgets', { full_name: 'Octo-Org/gadgets', owner: 'Octo-Org' }),
    repository('docs'),
  ];

  it('keeps everything for a blank search', () => {
    expect(filterRepositories(repos, '   ')).toHaveLength(3);
  });

  it('matches the name, the full name and the description, ignoring case and spaces', () => {
    expect(filterRepositories(repos, 'WIDG').map((r) => r.name)).toEqual(['Widgets']);
    expect(filterRepositories(repos, ' octo-org ').map((r) => r.name)).toEqual(['gadgets']);
    expect(filterRepositories(repos, 'blue').map((r) => r.name)).toEqual(['Widgets']);
    expect(filterRepositories(repos, 'nothing')).toEqual([]);
  });
});

describe('tablePage', () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);

  it('slices one page and says which rows it shows', () => {
    expect(tablePage(items, 2, 10)).toMatchObject({
      rows: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      page: 2,
      pageCount: 3,
      from: 11,
      to: 20,
      total: 23,
    });
    expect(tablePage(items, 3, 10).rows).toEqual([21, 22, 23]);
  });

  it('clamps a page past the end (after the search shrank the list) to the last page', () => {
    expect(tablePage(items, 9, 10).page).toBe(3);
    expect(tablePage(items, 0, 10).page).toBe(1);
  });

  it('shows page 1 of nothing when there are no rows', () => {
    expect(tablePage([], 4, 10)).toMatchObject({
      rows: [],
      page: 1,
      pageCount: 0,
      pageButtons: [],
      from: 0,
      to: 0,
    });
  });

  it('windows the page buttons from two before the current page, at most five', () => {
    const many = Array.from({ length: 100 }, (_, i) => i);
    expect(tablePage(many, 1, 5).pageButtons).toEqual([1, 2, 3, 4, 5]);
    expect(tablePage(many, 7, 5).pageButtons).toEqual([5, 6, 7, 8, 9]);
    expect(tablePage(many, 20, 5).pageButtons).toEqual([18, 19, 20]);
  });
});

describe('row selection', () => {
  const page = ['acme/a', 'acme/b', 'acme/c'];

  it('shows the select-all box unchecked, mixed or checked from the rows of this page', () => {
    expect(pageSelectionState(new Set(), page)).toBe(false);
    expect(pageSelectionState(new Set(['acme/b']), page)).toBe('indeterminate');
    expect(pageSelectionState(new Set(page), page)).toBe(true);
    // Rows selected on another page do not count for this one.
    expect(pageSelectionState(new Set(['acme/z']), page)).toBe(false);
    expect(pageSelectionState(new Set(), [])).toBe(false);
  });

  it('select-all selects the rows of the current page only, and keeps other pages', () => {
    const next = selectPage(new Set(['acme/z']), page, true);
    expect([...next].sort()).toEqual(['acme/a', 'acme/b', 'acme/c', 'acme/z']);
    const cleared = selectPage(next, page, false);
    expect([...cleared]).toEqual(['acme/z']);
  });

  it('stays in sync with single rows: selecting each row checks the select-all box', () => {
    let selected: Set<string> = new Set();
    for (const key of page) selected = selectRow(selected, key, true);
    expect(pageSelectionState(selected, page)).toBe(true);
    selected = selectRow(selected, 'acme/b', false);
    expect(pageSelectionState(selected, page)).toBe('indeterminate');
  });

  it('does not change the set it is given', () => {
    const before = new Set(['acme/a']);
    selectRow(before, 'acme/b', true);
    selectPage(before, page, false);
    expect([...before]).toEqual(['acme/a']);
  });

  it('forgets repositories that are no longer listed', () => {
    const listed = [repository('a'), repository('b')];
    expect([...keepListed(new Set(['acme/a', 'acme/gone']), listed)]).toEqual(['acme/a']);
  });

  it('bulk-connects only selected repositories with push access that are not connected', () => {
    const repos = [
      repository('a'),
      repository('b', { canPush: false }),
      repository('c', {
        connection: {
          deductionPercent: 5,
          connectedAt: '2025-01-01',
          viaApp: false,
          botComments: true,
          ...DEFAULT_REPOSITORY_POLICY,
        },
      }),
      repository('d'),
    ];
    const selected = new Set(['acme/a', 'acme/b', 'acme/c']);
    expect(connectableSelection(repos, selected).map((r) => r.name)).toEqual(['a']);
  });
});
