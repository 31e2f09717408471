import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_KEY_MASK, formatNumber, maskApiKey, relativeTime, shortenAddress } from './format';

describe('shortenAddress', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(shortenAddress('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')).toBe('0x71C7...976F');
    expect(shortenAddress('0.0.1234567')).toBe('0.0.12...4567');
  });

  it('returns addresses of 10 characters or fewer unchanged', () => {
    expect(shortenAddress('0.0.123456')).toBe('0.0.123456');
    expect(shortenAddress('abc')).toBe('abc');
    expect(shortenAddress('')).toBe('');
  });

  it('is never longer than 13 characters and keeps both ends', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 11, maxLength: 80 }), (address) => {
        const short = shortenAddress(address);
        expect(short).toHaveLength(13);
        expect(short.startsWith(address.slice(0, 6))).toBe(true);
        expect(short.endsWith(address.slice(-4))).toBe(true);
      }),
    );
  });
});

describe('maskApiKey', () => {
  it('shows the first 4 and last 4 characters of a long key', () => {
    expect(maskApiKey('acmecorpxk29fj3m0qz1')).toBe('acme••••••••0qz1');
    expect(maskApiKey('abcdefghi')).toBe('abcd••••••••fghi');
  });

  it('shows only the fixed mask for keys of 8 characters or fewer', () => {
    expect(API_KEY_MASK).toBe('••••••••');
    expect(maskApiKey('abcdefgh')).toBe('••••••••');
    expect(maskApiKey('abc')).toBe('••••••••');
    expect(maskApiKey('')).toBe('••••••••');
  });

  it('never shows a short key, and never shows the middle of a long one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (key) => {
        expect(maskApiKey(key)).toBe(API_KEY_MASK);
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 9, maxLength: 64 }), (key) => {
        expect(maskApiKey(key)).toBe(`${key.slice(0, 4)}${API_KEY_MASK}${key.slice(-4)}`);
      }),
    );
  });
});

describe('relativeTime', () => {
  const now = new Date('2025-03-20T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;

  it.each([
    [0, 'just now'],
    [59 * MINUTE, 'just now'],
    [HOUR, '1 hour ago'],
    [2 * HOUR - 1, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [24 * HOUR - 1, '23 hours ago'],
    [24 * HOUR, '1 day ago'],
    [48 * HOUR - 1, '1 day ago'],
    [48 * HOUR, '2 days ago'],
    [168 * HOUR - 1, '6 days ago'],
  ])('%i ms ago -> %s', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });

  it('shows the UTC date from 168 hours on', () => {
    expect(relativeTime(ago(168 * HOUR), now)).toBe('Mar 13, 2025');
    expect(relativeTime('2025-03-05T09:30:00Z', now)).toBe('Mar 5, 2025');
    // 23:30 on Dec 31 in New York is already Jan 1 in UTC
    expect(relativeTime('2023-12-31T23:30:00-05:00', now)).toBe('Jan 1, 2024');
  });

  it('accepts ISO strings as GitHub sends them', () => {
    expect(relativeTime('2025-03-20T09:00:00Z', now)).toBe('3 hours ago');
  });

  it('reads future dates as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5 * HOUR), now)).toBe('just now');
  });

  it('refuses an invalid date', () => {
    expect(() => relativeTime('yesterday-ish', now)).toThrow(RangeError);
    expect(() => relativeTime(now, new Date(Number.NaN))).toThrow(RangeError);
  });

  it('always gives one of the three forms', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e11 }), (ms) => {
        expect(relativeTime(ago(ms), now)).toMatch(
          /^(just now|1 hour ago|([2-9]|1\d|2[0-3]) hours ago|1 day ago|[2-6] days ago|[A-Z][a-z]{2} \d{1,2}, \d{4})$/,
        );
      }),
    );
  });
});

describe('formatNumber', () => {
  it('groups thousands as en-US does', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(-1500)).toBe('-1,500');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it("writes every number exactly as the runtime's en-US toLocaleString", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -100_000, max: 100_000 }), fc.double()),
        (value) => {
          expect(formatNumber(value)).toBe(value.toLocaleString('en-US'));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
