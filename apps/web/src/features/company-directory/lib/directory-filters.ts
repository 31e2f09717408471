import {
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SORTS,
  DIRECTORY_STATUSES,
  LANGUAGE_COLORS,
  RANK_NAMES,
  directoryQuerySchema,
  type DirectorySort,
  type DirectoryStatus,
  type RankName,
} from '@openstake/core';

/** The languages the filter offers: the ones core has a colour for. */
export const DIRECTORY_LANGUAGES: readonly string[] = Object.keys(LANGUAGE_COLORS);

/** 'Merged work in the last N days': the choices offered (null: any time, or none). */
export const MERGED_WITHIN_CHOICES = [7, 30, 90, 365] as const;
export type MergedWithinDays = (typeof MERGED_WITHIN_CHOICES)[number];

/** 'XP from at least N independent maintainers': the choices offered (null: any). */
export const MIN_MAINTAINERS_CHOICES = [2, 3, 5] as const;
export type MinMaintainers = (typeof MIN_MAINTAINERS_CHOICES)[number];

/**
 * The directory's filters as the page holds them, kept in the URL
 * (?q=&rank=&status=&language=&minXp=&mergedWithinDays=&minMaintainers=&sort=) so a search can be shared and
 * reloaded. 'all' and null mean the filter is off.
 */
export interface DirectoryFilters {
  q: string;
  rank: RankName | 'all';
  status: DirectoryStatus;
  language: string | 'all';
  minXp: number | null;
  mergedWithinDays: MergedWithinDays | null;
  minMaintainers: MinMaintainers | null;
  sort: DirectorySort;
}

export const DEFAULT_DIRECTORY_FILTERS: Readonly<DirectoryFilters> = {
  q: '',
  rank: 'all',
  status: 'all',
  language: 'all',
  minXp: null,
  mergedWithinDays: null,
  minMaintainers: null,
  sort: 'xp_desc',
};

const isOneOf = <T extends string | number>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

/** The value `field` of the contract accepts for `raw`, or undefined for a missing or bad one. */
function accepted<K extends keyof typeof directoryQuerySchema.shape>(
  field: K,
  raw: string | null,
): unknown {
  if (raw === null) return undefined;
  const parsed = directoryQuerySchema.shape[field].safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The filters a URL names. Each value is checked with the contract's own schema (and the
 * choices the page offers); a missing or unreadable one is ignored, so a hand-edited or old
 * link still opens the directory rather than an error.
 */
export function parseDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  const q = accepted('q', params.get('q'));
  const rank = accepted('rank', params.get('rank'));
  const status = accepted('status', params.get('status'));
  const languageName = accepted('language', params.get('language'));
  const language =
    typeof languageName === 'string'
      ? DIRECTORY_LANGUAGES.find((name) => name.toLowerCase() === languageName.toLowerCase())
      : undefined;
  const minXp = accepted('minXp', params.get('minXp'));
  const mergedWithinDays = accepted('mergedWithinDays', params.get('mergedWithinDays'));
  const minMaintainers = accepted('minMaintainers', params.get('minMaintainers'));
  const sort = accepted('sort', params.get('sort'));
  return {
    q: typeof q === 'string' ? q : '',
    rank: isOneOf(RANK_NAMES, rank) ? rank : 'all',
    status: isOneOf(DIRECTORY_STATUSES, status) ? status : 'all',
    language: language ?? 'all',
    minXp: typeof minXp === 'number' ? minXp : null,
    mergedWithinDays: isOneOf(MERGED_WITHIN_CHOICES, mergedWithinDays) ? mergedWithinDays : null,
    minMaintainers: isOneOf(MIN_MAINTAINERS_CHOICES, minMaintainers) ? minMaintainers : null,
    sort: isOneOf(DIRECTORY_SORTS, sort) ? sort : DEFAULT_DIRECTORY_FILTERS.sort,
  };
}

/** The URL parameter of each filter, or null when the filter is off (its default). */
function urlValues(filters: DirectoryFilters): Record<keyof DirectoryFilters, string | null> {
  const d = DEFAULT_DIRECTORY_FILTERS;
  return {
    q: filters.q.trim() === '' ? null : filters.q.trim(),
    rank: filters.rank === d.rank ? null : filters.rank,
    status: filters.status === d.status ? null : filters.status,
    language: filters.language === d.language ? null : filters.language,
    minXp: filters.minXp === null ? null : String(filters.minXp),
    mergedWithinDays: filters.mergedWithinDays === null ? null : String(filters.mergedWithinDays),
    minMaintainers: filters.minMaintainers === null ? null : String(filters.minMaintainers),
    sort: filters.sort === d.sort ? null : filters.sort,
  };
}

/**
 * The URL after a filter change: the changed filters written, a filter set back to its default
 * removed (so the plain directory has a plain address), unreadable values dropped, and every
 * other parameter kept.
 */
export function withDirectoryFilterChange(
  params: URLSearchParams,
  change: Partial<DirectoryFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const values = urlValues({ ...parseDirectoryFilters(params), ...change });
  for (const [key, value] of Object.entries(values)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The query string of GET /api/company/contributors for the filters and a page's cursor. */
export function directoryApiQuery(filters: DirectoryFilters, cursor: string | null): string {
  const query = new URLSearchParams();
  const values = urlValues(filters);
  for (const [key, value] of Object.entries(values)) {
    if (value !== null) query.set(key, value);
  }
  // The order is explicit: the server's default could change, the page's label would not.
  query.set('sort', filters.sort);
  query.set('limit', String(DIRECTORY_PAGE_SIZE));
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

export function hasActiveDirectoryFilters(filters: DirectoryFilters): boolean {
  const values = urlValues({ ...filters, sort: DEFAULT_DIRECTORY_FILTERS.sort });
  return Object.values(values).some((value) => value !== null);
}

/** The minimum XP typed: a whole number of 0 or more, or nothing (no minimum). */
export function parseMinXp(text: string): { ok: true; value: number | null } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d{1,10}$/.test(trimmed)) return { ok: false };
  const value = Number(trimmed);
  return value <= 1_000_000_000 ? { ok: true, value } : { ok: false };
}
