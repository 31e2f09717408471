import { describe, expect, it } from 'vitest';

import {
  closeOutcomeMessage,
  compareUrl,
  filterPullRequests,
  mergeableStateLabel,
  openedText,
  readAtText,
  repositoryWebUrl,
  stateLabel,
} from './pull-request-display';

const pr = (title: string, login: string) => ({ title, user: { login } });

describe('filterPullRequests', () => {
  const prs = [pr('Fix the login form', 'Alice'), pr('Add dark mode', 'bob'), pr('Docs', 'carol')];

  it('matches the title or the author login, ignoring case', () => {
    expect(filterPullRequests(prs, 'LOGIN').map((p) => p.title)).toEqual(['Fix the login form']);
    expect(filterPullRequests(prs, 'alice').map((p) => p.title)).toEqual(['Fix the login form']);
    expect(filterPullRequests(prs, ' Bob ').map((p) => p.title)).toEqual(['Add dark mode']);
  });

  it('keeps everything for a blank search and nothing for no match', () => {
    expect(filterPullRequests(prs, '')).toHaveLength(3);
    expect(filterPullRequests(prs, 'zzz')).toEqual([]);
  });
});

describe('labels for the details panel', () => {
  it("says 'Unknown' while GitHub has not computed the mergeable state", () => {
    expect(mergeableStateLabel(null)).toBe('Unknown');
    expect(mergeableStateLabel('unknown')).toBe('Unknown');
    expect(mergeableStateLabel('clean')).toBe('Clean: ready to merge');
    expect(mergeableStateLabel('dirty')).toBe('Dirty: merge conflicts');
    expect(mergeableStateLabel('something_new')).toBe('something_new');
  });

  it('capitalises the state', () => {
    expect(stateLabel('open')).toBe('Open');
    expect(stateLabel('')).toBe('Unknown');
  });
});

describe('openedText', () => {
  const now = new Date('2025-03-10T12:00:00.000Z');

  it('uses hours under a day, days under a week, else the date', () => {
    expect(openedText('2025-03-10T09:00:00.000Z', now)).toBe('Opened 3 hours ago');
    expect(openedText('2025-03-08T12:00:00.000Z', now)).toBe('Opened 2 days ago');
    expect(openedText('2025-03-01T12:00:00.000Z', now)).toBe('Opened on Mar 1, 2025');
    expect(openedText('2025-03-10T11:59:00.000Z', now)).toBe('Opened just now');
  });

  it('does not throw on a date it cannot read', () => {
    expect(openedText('not a date', now)).toBe('Opened at an unknown time');
  });
});

describe('closeOutcomeMessage', () => {
  it('says what happened to the stake', () => {
    expect(closeOutcomeMessage(7, null)).toBe('Pull request #7 closed.');
    expect(closeOutcomeMessage(7, 'rejected')).toContain("the repository's deduction was kept");
    expect(closeOutcomeMessage(7, 'expired')).toContain('refunded in full');
  });
});

describe('repositoryWebUrl and compareUrl', () => {
  it('prefers the address the dashboard handed over', () => {
    expect(
      repositoryWebUrl('acme', 'widgets', {
        fromNavigation: 'http://localhost:4100/acme/widgets/',
        pullRequestUrl: 'https://github.com/x/y/pull/1',
      }),
    ).toBe('http://localhost:4100/acme/widgets');
  });

  it("derives it from a pull request's address, else builds it on GitHub's web address", () => {
    expect(
      repositoryWebUrl('acme', 'widgets', {
        pullRequestUrl: 'http://localhost:4100/acme/widgets/pull/12',
      }),
    ).toBe('http://localhost:4100/acme/widgets');
    expect(repositoryWebUrl('acme', 'widgets', { githubWebUrl: 'http://127.0.0.1:4010/' })).toBe(
      'http://127.0.0.1:4010/acme/widgets',
    );
    expect(repositoryWebUrl('acme', 'widgets', {})).toBe('https://github.com/acme/widgets');
  });

  it('never uses an address that is not http(s)', () => {
    expect(repositoryWebUrl('acme', 'widgets', { fromNavigation: 'javascript:alert(1)' })).toBe(
      'https://github.com/acme/widgets',
    );
  });

  it("opens GitHub's compare page", () => {
    expect(compareUrl('https://github.com/acme/widgets')).toBe(
      'https://github.com/acme/widgets/compare',
    );
  });
});

describe('readAtText', () => {
  it("says when the server read GitHub, to the second, in the reader's time zone", () => {
    expect(readAtText('2026-11-29T14:05:09.120Z', 'UTC')).toBe('Read from GitHub at 2:05:09 PM');
    expect(readAtText('2026-11-29T14:05:09.120Z', 'Europe/Berlin')).toBe(
      'Read from GitHub at 3:05:09 PM',
    );
  });
});
