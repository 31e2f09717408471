import { describe, expect, it } from 'vitest';

import { safeExternalUrl } from './safe-url';

describe('safeExternalUrl', () => {
  it('keeps http and https addresses', () => {
    expect(safeExternalUrl('https://github.com/acme/widgets/pull/8')).toBe(
      'https://github.com/acme/widgets/pull/8',
    );
    expect(safeExternalUrl('http://localhost:4000/acme/widgets')).toBe(
      'http://localhost:4000/acme/widgets',
    );
  });

  it('drops scripts, data, relative and unreadable addresses', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/relative',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(safeExternalUrl(value)).toBeUndefined();
    }
  });
});
