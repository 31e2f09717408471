import { describe, expect, it } from 'vitest';

import {
  bountyBodyFor,
  bountyTitleFor,
  parsePullRequestNumber,
  readOpenIssueSource,
} from './open-issue-prefill';

const none = new URLSearchParams();

describe('readOpenIssueSource', () => {
  it('takes owner, repository and title from the PR list navigation state', () => {
    expect(
      readOpenIssueSource({ owner: 'acme', repo: 'widgets', title: 'Add dark mode' }, none),
    ).toEqual({
      owner: 'acme',
      repo: 'widgets',
      title: 'Add dark mode',
    });
  });

  it('falls back on ?owner=&repo= without a title, so the page fetches the pull request', () => {
    expect(readOpenIssueSource(null, new URLSearchParams('owner=acme&repo=widgets'))).toEqual({
      owner: 'acme',
      repo: 'widgets',
      title: null,
    });
  });

  it('ignores a title whose state does not name the repository', () => {
    expect(
      readOpenIssueSource({ title: 'Other' }, new URLSearchParams('owner=acme&repo=widgets')).title,
    ).toBeNull();
  });

  it('has no repository when neither names one', () => {
    expect(readOpenIssueSource('garbage', none)).toEqual({ owner: null, repo: null, title: null });
    expect(readOpenIssueSource({ owner: ' ', repo: 5 }, none)).toEqual({
      owner: null,
      repo: null,
      title: null,
    });
  });
});

describe('prefill', () => {
  it("prefixes the pull request's title with [Bounty]", () => {
    expect(bountyTitleFor('Add dark mode')).toBe('[Bounty] Add dark mode');
    expect(bountyTitleFor(null)).toBe('[Bounty] ');
  });

  it('refers to the pull request in the description', () => {
    expect(bountyBodyFor(12)).toContain('pull request #12');
  });

  it('reads only positive whole pull-request numbers from the route', () => {
    expect(parsePullRequestNumber('12')).toBe(12);
    expect(parsePullRequestNumber('0')).toBeNull();
    expect(parsePullRequestNumber('1e3')).toBeNull();
    expect(parsePullRequestNumber(undefined)).toBeNull();
  });
});
