import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closesIssue, referencesIssue } from './issue-references';

const ref = { repositoryFullName: 'openstake-labs/stake-engine', number: 12 };

describe('referencesIssue', () => {
  it.each([
    '#12',
    'Work on #12.',
    '(#12)',
    'see openstake-labs/stake-engine#12',
    'see OpenStake-Labs/Stake-Engine#12',
    'https://github.com/openstake-labs/stake-engine/issues/12',
    'http://127.0.0.1:4010/openstake-labs/stake-engine/issues/12#issuecomment-1',
    'Fixes #12',
  ])('finds the issue in %j', (body) => {
    expect(referencesIssue(body, ref)).toBe(true);
  });

  it.each([
    '',
    '#123',
    '#1',
    'issue12',
    'abc#12',
    'other/repo#12',
    'openstake-labs/stake-engine-2#12',
    'https://github.com/openstake-labs/stake-engine/issues/123',
    'https://github.com/openstake-labs/stake-engine/pull/12',
    'https://github.com/other/repo/issues/12',
    '##12',
  ])('does not find it in %j', (body) => {
    expect(referencesIssue(body, ref)).toBe(false);
  });

  it('accepts a missing description as no reference', () => {
    expect(referencesIssue(null, ref)).toBe(false);
    expect(referencesIssue(undefined, ref)).toBe(false);
  });

  it('finds a bare #n between any words, never inside a longer number', () => {
    // Words without '#', '/', digits or URL characters, so only the planted reference can match.
    const words = fc.stringMatching(/^[a-z ,.()!?\n]{0,20}$/);
    fc.assert(
      fc.property(words, fc.integer({ min: 0, max: 9 }), words, (pre, digit, post) => {
        expect(referencesIssue(`${pre} #12 ${post}`, ref)).toBe(true);
        expect(referencesIssue(`${pre} #12${String(digit)} ${post}`, ref)).toBe(false);
      }),
    );
  });
});

describe('closesIssue', () => {
  it.each([
    'Fixes #12',
    'fixes #12',
    'Fixed: #12',
    'closes openstake-labs/stake-engine#12',
    'Resolves https://github.com/openstake-labs/stake-engine/issues/12',
    'This PR does X.\n\nclose #12',
    'Refs #3, fixes #12',
  ])('a merge of %j closes the issue', (body) => {
    expect(closesIssue(body, ref)).toBe(true);
  });

  it.each([
    '#12',
    'Related to #12',
    'Fixes #123',
    'Fixes other/repo#12',
    'Fixes #3 and mentions #12',
  ])('a merge of %j does not close it', (body) => {
    expect(closesIssue(body, ref)).toBe(false);
  });
});
