const FALLBACK = '—';

/**
 * A calendar date for display, 'Mar 5, 2025', in the reader's time zone (or the one given, for
 * tests). A missing or unreadable date shows a dash rather than 'Invalid Date'.
 */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return FALLBACK;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return FALLBACK;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  });
}

/**
 * A date with its time for display, 'Mar 5, 2025, 2:07 PM', in the reader's time zone (or the
 * one given, for tests); a dash for a missing or unreadable date.
 */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return FALLBACK;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return FALLBACK;
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}
