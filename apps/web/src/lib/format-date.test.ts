import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime } from './format-date';

describe('formatDate', () => {
  it('shows the calendar date in the given time zone', () => {
    expect(formatDate('2025-03-05T10:00:00.000Z', 'UTC')).toBe('Mar 5, 2025');
    expect(formatDate('2025-03-05T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 6, 2025');
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('shows the date and the time in the given time zone', () => {
    expect(formatDateTime('2025-03-05T14:07:00.000Z', 'UTC')).toBe('Mar 5, 2025, 2:07 PM');
    expect(formatDateTime('2025-03-05T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 6, 2025, 8:30 AM');
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
