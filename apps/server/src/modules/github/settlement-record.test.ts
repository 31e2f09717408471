import { describe, expect, it } from 'vitest';
import { settlementRecord } from './receive-github-webhook';

const closedPullRequest = {
  action: 'closed',
  number: 7,
  pull_request: {
    number: 7,
    state: 'closed',
    merged: true,
    title: 'Fix the parser',
    body: 'Fixes #3',
    user: { login: 'dev', id: 1, avatar_url: 'https://example.com/a.png' },
    merged_by: { login: 'mia', id: 2 },
    merged_at: '2026-11-24T01:00:00Z',
    head: { sha: 'abc', repo: { full_name: 'a/b' } },
  },
  repository: { id: 1, full_name: 'a/b' },
  sender: { login: 'mia' },
};

describe('what is kept of a webhook delivery', () => {
  it('a closed pull request: what settlement reads of it, and nothing else', () => {
    expect(settlementRecord('pull_request', closedPullRequest)).toEqual({
      settles: true,
      payload: {
        action: 'closed',
        pull_request: {
          number: 7,
          state: 'closed',
          merged: true,
          user: { login: 'dev' },
          merged_by: { login: 'mia' },
          merged_at: '2026-11-24T01:00:00Z',
          body: 'Fixes #3',
        },
      },
    });
    const unmerged = { ...closedPullRequest.pull_request, merged: false, merged_by: null };
    expect(
      settlementRecord('pull_request', { ...closedPullRequest, pull_request: unmerged }).payload,
    ).toMatchObject({ pull_request: { merged: false, merged_by: null } });
  });

  it("a closed or reopened issue: the issue's id", () => {
    for (const action of ['closed', 'reopened']) {
      expect(settlementRecord('issues', { action, issue: { id: 42 } })).toEqual({
        settles: true,
        payload: { action, issue: { id: 42 } },
      });
    }
  });

  it('any other event or action: only its action, with nothing to settle', () => {
    for (const [event, action] of [
      ['pull_request', 'opened'],
      ['pull_request', 'synchronize'],
      ['pull_request_review', 'submitted'],
      ['issues', 'labeled'],
      ['issue_comment', 'created'],
      ['ping', undefined],
    ] as const) {
      expect(settlementRecord(event, { ...closedPullRequest, action })).toEqual({
        settles: false,
        payload: { action: action ?? null },
      });
    }
  });
});
