import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_PAGES, appReturnPath, returnToSchema } from './app-pages';

/** Ways to name another site, or something that is not a page, as a path. */
const HOSTILE_RETURN_PATHS = [
  '/.//evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '/./\\evil',
  'https://evil.example',
  'https://evil.example/contributor/settings',
  'http:evil.example',
  'javascript:alert(1)',
  '/contributor/../..//evil.example',
  '/contributor/settings/..//evil.example',
  '/contributor/settings\t',
  '/\t/evil.example',
  '\t//evil.example',
  '/contributor/\n/evil.example',
  '/contributor/settings\r\n',
  ' /contributor/settings',
  '/contributor/settings?next=//evil.example',
  '/contributor/settings#//evil.example',
  '/contributor//settings',
  '/contributor/dashboard/',
  '/contributor/issue/a b',
  '/contributor/issue/',
  '/maintainer/repo/owner/repo/prs/extra',
  '/no-such-page',
  '/api/github/connect',
  '',
  'contributor/settings',
  '/'.padEnd(600, 'a'),
];

describe('appReturnPath', () => {
  it.each(HOSTILE_RETURN_PATHS)('refuses %j', (input) => {
    expect(appReturnPath(input)).toBeNull();
  });

  it('accepts every page of the app, with its parameters filled in', () => {
    for (const page of APP_PAGES) {
      const path = page.replace(/:\w+/g, (name) => (name === ':repo' ? '.github' : 'x-1_2.3'));
      expect(appReturnPath(path), page).toBe(path);
    }
  });

  it('resolves dot segments first, as a browser would', () => {
    expect(appReturnPath('/contributor/./settings')).toBe('/contributor/settings');
    expect(appReturnPath('/contributor/profile/../settings')).toBe('/contributor/settings');
    expect(appReturnPath('/maintainer/../contributor/dashboard')).toBe('/contributor/dashboard');
  });
});

describe('appReturnPath, for any input', () => {
  // Strings made of the characters that matter here, so the odd cases come up often.
  const tricky = fc
    .array(
      fc.constantFrom(
        '/',
        '.',
        '..',
        '\\',
        '%2F',
        ':',
        '?',
        '#',
        '\t',
        ' ',
        'contributor',
        'settings',
        'evil.example',
        'https',
        'x',
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(''));

  it('gives null or a page path that a browser cannot read as another site', () => {
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string()), (input) => {
        const path = appReturnPath(input);
        if (path === null) return;
        expect(path).toMatch(/^\/(?![/\\])[\w./-]*$/);
        expect(path).not.toContain('//');
        expect(appReturnPath(path)).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('returnToSchema', () => {
  it('gives the normalised page, or says what it wants', () => {
    expect(returnToSchema.parse('/contributor/./settings')).toBe('/contributor/settings');
    const refused = returnToSchema.safeParse('//evil.example');
    expect(refused.error?.issues[0]?.message).toBe(
      'Must be a page of OpenStake, such as /contributor/settings',
    );
  });
});
