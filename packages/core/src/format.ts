/** Wallet address shortened for display: first 6, '...', last 4. */
export function shortenAddress(address: string): string {
  // At 10 characters or fewer the short form would be as long as the original, or repeat parts.
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

export const API_KEY_MASK = '••••••••';

/**
 * API key as shown in the key list: first 4, a mask, last 4. Keys of 8
 * characters or fewer show only the fixed mask: first 4 plus last 4 would be the whole key.
 */
export function maskApiKey(key: string): string {
  if (key.length <= 8) return API_KEY_MASK;
  return `${key.slice(0, 4)}${API_KEY_MASK}${key.slice(-4)}`;
}

/**
 * A number with thousands separators, as en-US writes it: 12345 -> '12,345', -1500 -> '-1,500'.
 * Whole numbers are grouped by hand: a browser's first Intl formatter (toLocaleString included)
 * loads its locale data, 30-60 ms of the main thread on a desktop and four times that on a phone,
 * and the pages' first render needs only this. Any other number goes to toLocaleString.
 */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return value < 0 || Object.is(value, -0) ? `-${grouped}` : grouped;
}

/** An amount of coins as a sentence says it: '1 coin', '5 coins', '1,250 coins'. */
export function formatCoins(amount: number): string {
  return `${formatNumber(amount)} ${amount === 1 ? 'coin' : 'coins'}`;
}

const HOUR_MS = 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * Age of a pull request for display: hours under 24 hours, days under 168
 * hours, otherwise the date. `now` is passed in so the result is a pure function of its inputs.
 *
 * The date is formatted by hand in UTC ('Mar 5, 2025'): Intl output depends on the runtime's ICU
 * data and time zone, and the server and browser must render the same text for the same instant.
 * A date in the future (clock skew between GitHub and us) reads 'just now' rather than a negative age.
 */
export function relativeTime(date: Date | string, now: Date): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(then.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('Invalid current time');

  const hours = Math.floor((now.getTime() - then.getTime()) / HOUR_MS);
  if (hours <= 0) return 'just now';
  if (hours < 24) return plural(hours, 'hour');
  if (hours < 168) return plural(Math.floor(hours / 24), 'day');
  return `${MONTHS[then.getUTCMonth()] ?? ''} ${then.getUTCDate()}, ${then.getUTCFullYear()}`;
}
