import { describe, expect, it } from 'vitest';

import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letter of up to two words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace   brewster murray hopper ')).toBe('GB');
    expect(initialsOf('octo-dev')).toBe('O');
  });

  it('keeps a letter outside the basic plane whole and falls back to ?', () => {
    expect(initialsOf('😀 smile')).toBe('😀S');
    expect(initialsOf('   ')).toBe('?');
  });
});
