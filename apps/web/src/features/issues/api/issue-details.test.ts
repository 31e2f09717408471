import { describe, expect, it } from 'vitest';

import { parseIssueId } from './issue-details';

describe('parseIssueId', () => {
  it('reads a positive whole number', () => {
    expect(parseIssueId('42')).toBe(42);
    expect(parseIssueId('2846128375')).toBe(2846128375);
  });

  it('refuses anything else', () => {
    for (const value of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', ' 4', '0x10']) {
      expect(parseIssueId(value)).toBeNull();
    }
  });
});
