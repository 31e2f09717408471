import type { PullRequest, PullRequestDetail } from '@openstake/core';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/features/maintainer-repositories/test/render';
import { PullRequestCard } from './pull-request-card';
import { pullRequestsKeys } from '../api/query-keys';
import { loadMarkdown } from '@/features/issues/hooks/use-markdown';

const now = new Date('2025-03-10T12:00:00.000Z');

const pullRequest = (overrides: Partial<PullRequest> = {}): PullRequest => ({
  number: 42,
  title: 'Fix the widget',
  body: 'Fixes #7 by **tuning** the widget.',
  state: 'open',
  draft: false,
  html_url: 'https://github.com/acme/widgets/pull/42',
  user: { login: 'alice', avatar_url: 'https://avatars.example/alice' },
  labels: [
    { name: 'bug', color: '5319e7' },
    { name: 'docs', color: 'fef2c0' },
  ],
  comments: 3,
  created_at: '2025-03-10T07:00:00.000Z',
  updated_at: '2025-03-10T08:00:00.000Z',
  stakeAmount: null,
  stakePricePercent: null,
  aiAssistance: null,
  checks: null,
  ...overrides,
});

const render = (
  pr: PullRequest,
  options: { expanded?: boolean; detail?: PullRequestDetail } = {},
) =>
  renderWithProviders(
    <PullRequestCard
      owner="acme"
      repo="widgets"
      pullRequest={pr}
      now={now}
      defaultExpanded={options.expanded}
    />,
    (client) => {
      if (options.detail) {
        client.setQueryData(pullRequestsKeys.detail('acme', 'widgets', pr.number), options.detail);
      }
    },
  );

// The excerpt's pipeline is a lazy chunk: here it is loaded first, as a screen preloads it.
beforeAll(async () => {
  await loadMarkdown();
});

describe('PullRequestCard', () => {
  it('shows the title, number, author, age, comments and a plain-text body preview', () => {
    const html = render(pullRequest());
    expect(html).toContain('Fix the widget');
    expect(html).toContain('#42');
    expect(html).toContain('alice');
    expect(html).toContain('Opened 5 hours ago');
    expect(html).toContain('3 comments');
    expect(html).toContain('Fixes #7 by tuning the widget.');
    expect(html).not.toContain('Draft');
    expect(html).not.toContain('Staked');
    expect(html).not.toContain('AI-');
    expect(html).not.toContain('Checks');
  });

  it('shows the price factor of a stake not priced at 1x, the AI declaration and the checks', () => {
    const html = render(
      pullRequest({
        stakeAmount: 20,
        stakePricePercent: 200,
        aiAssistance: 'generated',
        checks: 'success',
      }),
    );
    expect(html).toContain('Staked: 20 coins');
    expect(html).toContain('(2x price)');
    expect(html).toContain('AI-generated');
    expect(html).toContain('Checks passing');
  });

  it('says nothing of a 1x price or an AI declaration of none; failing and running checks', () => {
    const plain = render(
      pullRequest({
        stakeAmount: 10,
        stakePricePercent: 100,
        aiAssistance: 'none',
        checks: 'failure',
      }),
    );
    expect(plain).toContain('Staked: 10 coins');
    expect(plain).not.toContain('price)');
    expect(plain).not.toContain('AI-');
    expect(plain).toContain('Checks failing');
    const assisted = render(
      pullRequest({
        stakeAmount: 10,
        stakePricePercent: 150,
        aiAssistance: 'assisted',
        checks: 'pending',
      }),
    );
    expect(assisted).toContain('(1.5x price)');
    expect(assisted).toContain('AI-assisted');
    expect(assisted).toContain('Checks running');
  });

  it('marks a draft and shows the stake on it', () => {
    const html = render(pullRequest({ draft: true, stakeAmount: 25 }));
    expect(html).toContain('Draft');
    expect(html).toContain('Staked: 25 coins');
  });

  it('colours each label with readable text', () => {
    const html = render(pullRequest());
    expect(html).toContain('background-color:#5319e7;color:#ffffff');
    expect(html).toContain('background-color:#fef2c0;color:#000000');
  });

  it('says when there is no description', () => {
    expect(render(pullRequest({ body: null }))).toContain('No description provided.');
  });

  it('has Related Issue, View Details and View on GitHub (in a new tab)', () => {
    const html = render(pullRequest());
    expect(html).toContain('Related Issue');
    expect(html).toContain('View Details');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('href="https://github.com/acme/widgets/pull/42"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('View on GitHub');
  });

  it('opens the details with Close PR and Merge PR, mergeable state from the single PR', () => {
    const pr = pullRequest();
    const html = render(pr, {
      expanded: true,
      detail: {
        ...pr,
        additions: 120,
        deletions: 8,
        changed_files: 4,
        mergeable_state: null,
        assignees: [{ login: 'bob' }],
        requested_reviewers: [],
        merged: false,
        spamMarked: false,
      },
    });
    expect(html).toContain('Hide Details');
    expect(html).toContain('aria-expanded="true"');
    expect(html).toContain('Mergeable state');
    expect(html).toContain('Unknown');
    expect(html).toContain('+120');
    expect(html).toContain('−8');
    expect(html).toContain('Changed files');
    expect(html).toContain('Mar 10, 2025');
    expect(html).toContain('bob');
    expect(html).toContain('Close PR');
    expect(html).toMatch(/<button[^>]*>.*?Merge PR<\/button>/);
    expect(html).toMatch(
      /<a[^>]*href="\/maintainer\/open-issue\/42\?owner=acme&amp;repo=widgets"[^>]*>.*?New Issue for PR<\/a>/,
    );
  });

  it('offers Mark as spam, not Close or Merge, on a pull request closed without a merge', () => {
    const pr = pullRequest({ state: 'closed' });
    const detail = (overrides: Partial<PullRequestDetail>): PullRequestDetail => ({
      ...pr,
      additions: 1,
      deletions: 1,
      changed_files: 1,
      mergeable_state: null,
      assignees: [],
      requested_reviewers: [],
      merged: false,
      spamMarked: false,
      ...overrides,
    });
    const html = render(pr, { expanded: true, detail: detail({}) });
    expect(html).toMatch(/<button[^>]*>.*?Mark as spam<\/button>/);
    expect(html).not.toContain('Close PR');
    expect(html).not.toContain('Merge PR');
    expect(html).not.toContain('Marked as spam');

    const marked = render(pr, { expanded: true, detail: detail({ spamMarked: true }) });
    expect(marked).toContain('Marked as spam');
    expect(marked).toMatch(/<button[^>]*>.*?Undo spam mark<\/button>/);

    // A merged pull request is no spam: nothing to mark.
    const merged = render(pr, { expanded: true, detail: detail({ merged: true }) });
    expect(merged).not.toContain('spam');
  });

  it('does not offer to mark an open pull request as spam', () => {
    expect(render(pullRequest(), { expanded: true })).not.toContain('Mark as spam');
  });

  it('does not offer to merge a draft', () => {
    const html = render(pullRequest({ draft: true }), { expanded: true });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Merge PR<\/button>/);
    expect(html).toContain('A draft pull request cannot be merged.');
  });

  it("offers to vouch for or denounce the pull request's author in its details", () => {
    const html = render(pullRequest(), { expanded: true });
    expect(html).toMatch(/<button[^>]*>.*?Vouch for @alice<\/button>/);
    expect(html).toMatch(
      /<button[^>]*>.*?Denounce…<span class="sr-only"> @alice<\/span><\/button>/,
    );
    // Collapsed, the card has neither.
    expect(render(pullRequest())).not.toContain('Vouch for @alice');
  });
});
