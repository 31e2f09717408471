import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-box';

const key = randomBytes(32);

describe('secret box', () => {
  it('round-trips a value and never stores it in clear', () => {
    const stored = encryptSecret(key, 'gho_secret-token');
    expect(stored).not.toContain('gho_secret-token');
    expect(decryptSecret(key, stored)).toBe('gho_secret-token');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });

  it('refuses a tampered value or the wrong key', () => {
    const stored = encryptSecret(key, 'value');
    const parts = stored.split(':');
    const flipped = Buffer.from(parts[3]!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    parts[3] = flipped.toString('base64');
    expect(() => decryptSecret(key, parts.join(':'))).toThrow();
    expect(() => decryptSecret(randomBytes(32), stored)).toThrow();
  });
});
