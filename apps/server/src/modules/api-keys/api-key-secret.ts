import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'osk_';
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 32;
/** `osk_` and 32 base-36 characters: 32 x log2(36) = 165 random bits (docs/decisions/003). */
export const API_KEY_PATTERN = /^osk_[0-9a-z]{32}$/;

/**
 * A new API key from the operating system's CSPRNG. Bytes of 252 and above are drawn again, so
 * that every character is uniform over the 36 (252 = 7 x 36).
 */
export function newApiKey(): string {
  let key = API_KEY_PREFIX;
  while (key.length < API_KEY_PREFIX.length + RANDOM_CHARS) {
    for (const byte of randomBytes(RANDOM_CHARS)) {
      if (byte >= 252) continue;
      key += ALPHABET[byte % 36];
      if (key.length === API_KEY_PREFIX.length + RANDOM_CHARS) break;
    }
  }
  return key;
}

/**
 * SHA-256 is enough here, unlike for passwords: a key has 165 random bits, so a stolen hash
 * cannot be reversed by guessing, and a fast hash keeps every automation call cheap.
 */
export const hashApiKey = (key: string): string =>
  createHash('sha256').update(key, 'utf8').digest('hex');

/** Equal hashes, compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
