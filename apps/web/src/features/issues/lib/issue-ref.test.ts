import { describe, expect, it } from 'vitest';

import { issueRefPath, parseGithubIssueInput, parseIssueRef } from './issue-ref';

const GITHUB = 'https://github.com';

describe('parseGithubIssueInput', () => {
  it('reads an issue address on GitHub and the short form', () => {
    const ref = { owner: 'acme', repo: 'widgets', number: 17 };
    for (const text of [
      'https://github.com/acme/widgets/issues/17',
      '  https://github.com/acme/widgets/issues/17/  ',
      'https://github.com/acme/widgets/issues/17#issuecomment-1',
      'https://github.com/acme/widgets/issues/17?q=1',
      'acme/widgets#17',
    ]) {
      expect(parseGithubIssueInput(text, GITHUB), text).toEqual(ref);
    }
  });

  it("reads the simulator's addresses in demo mode", () => {
    expect(
      parseGithubIssueInput(
        'http://127.0.0.1:4010/acme/widgets.js/issues/3',
        'http://127.0.0.1:4010',
      ),
    ).toEqual({ owner: 'acme', repo: 'widgets.js', number: 3 });
  });

  it('refuses pull requests, other sites, and anything that is not an issue', () => {
    for (const text of [
      'https://github.com/acme/widgets/pull/17',
      'https://gitlab.com/acme/widgets/issues/17',
      'https://github.com/acme/widgets/issues',
      'https://github.com/acme/widgets/issues/0',
      'https://github.com/acme/widgets/issues/abc',
      'https://github.com/acme/widgets/issues/17/comments',
      'acme/widgets',
      'not a url',
      '',
    ]) {
      expect(parseGithubIssueInput(text, GITHUB), text).toBeNull();
    }
  });
});

describe('parseIssueRef and issueRefPath', () => {
  it('round-trips a reference through the page address', () => {
    const ref = parseIssueRef({ owner: 'acme', repo: 'widgets', number: '17' });
    expect(ref).toEqual({ owner: 'acme', repo: 'widgets', number: 17 });
    expect(issueRefPath({ owner: 'acme', repo: 'widgets', number: 17 })).toBe(
      '/contributor/issue/acme/widgets/17',
    );
  });

  it('refuses what cannot name an issue', () => {
    expect(parseIssueRef({ owner: 'acme', repo: 'widgets', number: '1e3' })).toBeNull();
    expect(parseIssueRef({ owner: 'a b', repo: 'widgets', number: '1' })).toBeNull();
    expect(parseIssueRef({ owner: 'acme', repo: 'widgets' })).toBeNull();
  });
});
