import {
  BOUNTY_ISSUE_STATUSES,
  DIFFICULTIES,
  type BountyIssuesPage,
  type BountyIssueStatus,
  type Difficulty,
} from '@openstake/core';

import { BOUNTY_ISSUE_STATUS_LABELS } from './bounty-issue-status';

export const STATUS_FILTERS = ['all', ...BOUNTY_ISSUE_STATUSES] as const;
export type StatusFilter = 'all' | BountyIssueStatus;
export const DIFFICULTY_FILTERS = ['all', ...DIFFICULTIES] as const;
export type DifficultyFilter = 'all' | Difficulty;

/** The bounty page's query, kept in the URL (?page=&status=&difficulty=&search=). */
export interface BountyIssueFilters {
  page: number;
  status: StatusFilter;
  difficulty: DifficultyFilter;
  search: string;
}

export const DEFAULT_BOUNTY_ISSUE_FILTERS: Readonly<BountyIssueFilters> = {
  page: 1,
  status: 'all',
  difficulty: 'all',
  search: '',
};

/** The server refuses pages past this (core pageQuerySchema); so does the URL. */
const MAX_PAGE = 1000;
const MAX_SEARCH_LENGTH = 200;

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The filters a URL names; a missing or unreadable value falls back to its default. */
export function parseBountyIssueFilters(params: URLSearchParams): BountyIssueFilters {
  const page = Number(params.get('page'));
  const status = params.get('status');
  const difficulty = params.get('difficulty');
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    status: isOneOf(STATUS_FILTERS, status) ? status : 'all',
    difficulty: isOneOf(DIFFICULTY_FILTERS, difficulty) ? difficulty : 'all',
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
  };
}

function setOrDelete(params: URLSearchParams, key: string, value: string, fallback: string) {
  if (value === fallback) params.delete(key);
  else params.set(key, value);
}

/**
 * The URL after a filter or search change. Any change goes back to page 1, which
 * the URL says by having no page at all; a default value leaves the URL too, so the plain page
 * has a plain address. Other parameters are kept.
 */
export function withFilterChange(
  params: URLSearchParams,
  change: Partial<Omit<BountyIssueFilters, 'page'>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.status !== undefined) setOrDelete(next, 'status', change.status, 'all');
  if (change.difficulty !== undefined) setOrDelete(next, 'difficulty', change.difficulty, 'all');
  if (change.search !== undefined) setOrDelete(next, 'search', change.search.trim(), '');
  next.delete('page');
  return next;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  setOrDelete(next, 'page', String(Math.max(1, Math.floor(page))), '1');
  return next;
}

/** The query string of GET /api/maintainer/bounty-issues; filtering and paging are the server's. */
export function bountyIssuesApiQuery(filters: BountyIssueFilters): string {
  const query = new URLSearchParams({
    page: String(filters.page),
    status: filters.status,
    difficulty: filters.difficulty,
  });
  if (filters.search !== '') query.set('search', filters.search);
  return query.toString();
}

export function hasActiveFilters(filters: BountyIssueFilters): boolean {
  return filters.status !== 'all' || filters.difficulty !== 'all' || filters.search !== '';
}

/** What the stats show before an answer and after a failure (reset to empty). */
export const EMPTY_BOUNTY_ISSUE_STATS: Readonly<BountyIssuesPage['stats']> = {
  totalIssues: 0,
  totalBountyAmount: 0,
  totalStakeAmount: 0,
  activeIssues: 0,
  completedIssues: 0,
  inProgressIssues: 0,
};

export type BountyIssuesEmptyState = 'none-yet' | 'no-match' | null;

/**
 * Which empty state an answer calls for: 'No bounty issues created yet' when the maintainer has
 * none at all, 'No issues match your filters' when filters hide them all; null when there is
 * something to list.
 */
export function bountyIssuesEmptyState(
  filters: BountyIssueFilters,
  page: Pick<BountyIssuesPage, 'issues' | 'stats'>,
): BountyIssuesEmptyState {
  if (page.issues.length > 0) return null;
  if (!hasActiveFilters(filters) && page.stats.totalIssues === 0) return 'none-yet';
  return 'no-match';
}

export const STATUS_FILTER_LABELS: Readonly<Record<StatusFilter, string>> = {
  all: 'All statuses',
  ...BOUNTY_ISSUE_STATUS_LABELS,
};

export const DIFFICULTY_FILTER_LABELS: Readonly<Record<DifficultyFilter, string>> = {
  all: 'All difficulties',
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};
