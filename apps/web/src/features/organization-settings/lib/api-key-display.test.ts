import { describe, expect, it } from 'vitest';

import { apiKeyDisplay, apiKeyName, toggleRevealed, UNTITLED_KEY_NAME } from './api-key-display';

const key = { _id: 'k1', maskedKey: 'acme...wxyz' };

describe('apiKeyName', () => {
  it("falls back to 'Untitled key' for a missing or blank name", () => {
    expect(apiKeyName({ name: null })).toBe(UNTITLED_KEY_NAME);
    expect(apiKeyName({ name: '  ' })).toBe('Untitled key');
    expect(apiKeyName({ name: ' CI ' })).toBe('CI');
  });
});

describe('apiKeyDisplay', () => {
  it('shows the masked key and offers no reveal when the full key is not known', () => {
    expect(apiKeyDisplay(key, {}, new Set(['k1']))).toEqual({
      text: 'acme...wxyz',
      canReveal: false,
      revealed: false,
    });
  });

  it('masks a key created in this session until it is revealed', () => {
    const secrets = { k1: 'acme0123456789abwxyz' };
    expect(apiKeyDisplay(key, secrets, new Set())).toEqual({
      text: 'acme...wxyz',
      canReveal: true,
      revealed: false,
    });
    expect(apiKeyDisplay(key, secrets, new Set(['k1']))).toEqual({
      text: 'acme0123456789abwxyz',
      canReveal: true,
      revealed: true,
    });
  });
});

describe('toggleRevealed', () => {
  it('flips one key and leaves the others, without changing the given set', () => {
    const start = new Set(['k2']);
    const shown = toggleRevealed(start, 'k1');
    expect([...shown].sort()).toEqual(['k1', 'k2']);
    expect([...toggleRevealed(shown, 'k1')]).toEqual(['k2']);
    expect([...start]).toEqual(['k2']);
  });
});
