import { describe, expect, it } from 'vitest';
import { formatTinybarsAsHbar, formatWeiAsEth } from './wallet';

describe('balances shown with 4 decimals', () => {
  it('shows HBAR from tinybars (10^8 each), cutting the fifth decimal onward', () => {
    expect(formatTinybarsAsHbar(0n)).toBe('0.0000');
    expect(formatTinybarsAsHbar(100_000_000n)).toBe('1.0000');
    expect(formatTinybarsAsHbar(123_456_789n)).toBe('1.2345');
    // 0.99999999 HBAR is not shown as 1: no balance is shown that is not held.
    expect(formatTinybarsAsHbar(99_999_999n)).toBe('0.9999');
    expect(formatTinybarsAsHbar(10_000n)).toBe('0.0001');
    expect(formatTinybarsAsHbar(9_999n)).toBe('0.0000');
    expect(formatTinybarsAsHbar(-150_000_000n)).toBe('-1.5000');
  });

  it('shows ETH from wei (10^18 each), cutting the fifth decimal onward', () => {
    expect(formatWeiAsEth(0n)).toBe('0.0000');
    expect(formatWeiAsEth(10n ** 18n)).toBe('1.0000');
    expect(formatWeiAsEth(25n * 10n ** 17n + 1n)).toBe('2.5000');
    expect(formatWeiAsEth(10n ** 18n - 1n)).toBe('0.9999');
    expect(formatWeiAsEth(10n ** 14n)).toBe('0.0001');
    expect(formatWeiAsEth(123_456n * 10n ** 18n)).toBe('123456.0000');
  });

  it('refuses a negative ETH balance', () => {
    expect(() => formatWeiAsEth(-1n)).toThrow(RangeError);
  });
});
