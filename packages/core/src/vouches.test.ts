import { describe, expect, it } from 'vitest';
import {
  contributorVouchText,
  parseVouchFile,
  vouchFileEntries,
  vouchInputSchema,
  withVouchLine,
} from './vouches';

// The header and lines of ghostty-org/ghostty's .github/VOUCHED.td, in mitchellh/vouch's format.
const GHOSTTY_STYLE = `# The list of vouched (or actively denounced) users for this repository.
#
# Syntax:
#  - One handle per line (without @). Sorted alphabetically.
#  - To denounce a user, prefix with minus: \`-username\` or \`-platform:username\`.
bennettp123
github:mitchellh

-github:spam-bot generated pull requests
-Drive-By
gitlab:someone
not a@valid login
`;

describe('VOUCHED.td', () => {
  it("reads GitHub vouches and denouncements, with their details; other platforms' lines are skipped", () => {
    expect(vouchFileEntries(parseVouchFile(GHOSTTY_STYLE))).toEqual([
      { login: 'bennettp123', kind: 'vouched', reason: null },
      { login: 'mitchellh', kind: 'vouched', reason: null },
      { login: 'spam-bot', kind: 'denounced', reason: 'generated pull requests' },
      { login: 'Drive-By', kind: 'denounced', reason: null },
      { login: 'not', kind: 'vouched', reason: 'a@valid login' },
    ]);
  });

  it('the last line for a login wins, whatever its case', () => {
    expect(vouchFileEntries(parseVouchFile('alice\n-ALICE changed our mind\n'))).toEqual([
      { login: 'ALICE', kind: 'denounced', reason: 'changed our mind' },
    ]);
  });

  it('changes one line in place, adds at the end, removes, and keeps every other line as written', () => {
    const denounced = withVouchLine(GHOSTTY_STYLE, {
      login: 'MitchellH',
      kind: 'denounced',
      reason: 'two\nlines',
    });
    expect(denounced.split('\n')[6]).toBe('-MitchellH two lines');
    expect(denounced.replace('-MitchellH two lines', 'github:mitchellh')).toBe(GHOSTTY_STYLE);

    const added = withVouchLine(GHOSTTY_STYLE, {
      login: 'newcomer',
      kind: 'vouched',
      reason: null,
    });
    expect(added).toBe(`${GHOSTTY_STYLE}newcomer\n`);

    const removed = withVouchLine(GHOSTTY_STYLE, { login: 'drive-by', kind: null, reason: null });
    expect(removed).toBe(GHOSTTY_STYLE.replace('-Drive-By\n', ''));
    expect(withVouchLine('', { login: 'a', kind: 'vouched', reason: null })).toBe('a\n');
  });
});

describe('vouchInputSchema', () => {
  it('requires a reason of 1 to 300 characters to denounce, none to vouch', () => {
    expect(vouchInputSchema.safeParse({ kind: 'vouched' }).success).toBe(true);
    const noReason = vouchInputSchema.safeParse({ kind: 'denounced', reason: '  ' });
    expect(noReason.error?.issues[0]?.path).toEqual(['reason']);
    expect(vouchInputSchema.safeParse({ kind: 'denounced', reason: 'x'.repeat(301) }).success).toBe(
      false,
    );
    expect(vouchInputSchema.parse({ kind: 'denounced', reason: ' spam ' })).toEqual({
      kind: 'denounced',
      reason: 'spam',
      source: 'settings',
    });
  });
});

describe('contributorVouchText', () => {
  it('names the repository and who said it', () => {
    const base = { repository: 'acme/widgets', reason: null, updatedAt: '' };
    expect(contributorVouchText({ ...base, kind: 'vouched', decidedByLogin: 'maint' })).toBe(
      'Vouched for in acme/widgets by @maint',
    );
    expect(contributorVouchText({ ...base, kind: 'denounced', decidedByLogin: null })).toBe(
      'Denounced in acme/widgets by its VOUCHED.td file',
    );
  });
});
