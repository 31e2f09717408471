import { paginationWindow, totalPages, type MaintainerRepository } from '@openstake/core';

/* The repository dashboard's table: search, pages, row selection. */

export const ROWS_PER_PAGE_OPTIONS = [5, 10, 25, 50] as const;
export type RowsPerPage = (typeof ROWS_PER_PAGE_OPTIONS)[number];
export const DEFAULT_ROWS_PER_PAGE: RowsPerPage = 10;

export function isRowsPerPage(value: number): value is RowsPerPage {
  return (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(value);
}

/** The key a row is selected by: GitHub's full name, unique among one user's repositories. */
export const repositoryKey = (repository: Pick<MaintainerRepository, 'full_name'>): string =>
  repository.full_name;

/** Case-insensitive match on the name, the full name (owner/name) or the description. */
export function filterRepositories(
  repositories: readonly MaintainerRepository[],
  search: string,
): MaintainerRepository[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...repositories];
  return repositories.filter((r) =>
    [r.name, r.full_name, r.description ?? ''].some((text) => text.toLowerCase().includes(needle)),
  );
}

export interface TablePage<T> {
  rows: T[];
  /** The page shown, clamped into 1..pageCount (1 when there are no rows). */
  page: number;
  pageCount: number;
  /** The pager's buttons (core paginationWindow). */
  pageButtons: number[];
  /** 1-based positions of the first and last row shown, 0 and 0 when there are none. */
  from: number;
  to: number;
  total: number;
}

/** One page of rows. A page past the end (after a search shrank the list) shows the last page. */
export function tablePage<T>(items: readonly T[], page: number, perPage: number): TablePage<T> {
  const pageCount = totalPages(items.length, perPage);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pageCount));
  const start = (current - 1) * perPage;
  const rows = items.slice(start, start + perPage);
  return {
    rows,
    page: current,
    pageCount,
    pageButtons: paginationWindow(current, pageCount),
    from: rows.length === 0 ? 0 : start + 1,
    to: start + rows.length,
    total: items.length,
  };
}

/** What the select-all checkbox shows: every row of this page, some of them, or none. */
export type PageSelectionState = boolean | 'indeterminate';

export function pageSelectionState(
  selected: ReadonlySet<string>,
  pageKeys: readonly string[],
): PageSelectionState {
  const count = pageKeys.filter((key) => selected.has(key)).length;
  if (count === 0) return false;
  return count === pageKeys.length ? true : 'indeterminate';
}

/**
 * The select-all checkbox: checking it selects every row of the current page, unchecking it
 * clears them; rows of other pages keep their state.
 */
export function selectPage(
  selected: ReadonlySet<string>,
  pageKeys: readonly string[],
  checked: boolean,
): Set<string> {
  const next = new Set(selected);
  for (const key of pageKeys) {
    if (checked) next.add(key);
    else next.delete(key);
  }
  return next;
}

export function selectRow(
  selected: ReadonlySet<string>,
  key: string,
  checked: boolean,
): Set<string> {
  const next = new Set(selected);
  if (checked) next.add(key);
  else next.delete(key);
  return next;
}

/** Drops selected keys whose repository is no longer listed (after a refetch). */
export function keepListed(
  selected: ReadonlySet<string>,
  repositories: readonly Pick<MaintainerRepository, 'full_name'>[],
): Set<string> {
  const listed = new Set(repositories.map(repositoryKey));
  return new Set([...selected].filter((key) => listed.has(key)));
}

/** Selected repositories the bulk action can connect: push access and not connected yet. */
export function connectableSelection(
  repositories: readonly MaintainerRepository[],
  selected: ReadonlySet<string>,
): MaintainerRepository[] {
  return repositories.filter(
    (r) => selected.has(repositoryKey(r)) && r.canPush && r.connection === null,
  );
}
