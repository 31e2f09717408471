import type { RelatedIssue } from '@openstake/core';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/features/maintainer-repositories/test/render';
import { RelatedIssuePanel } from './related-issue-panel';
import { pullRequestsKeys } from '../api/query-keys';
import { loadMarkdown } from '@/features/issues/hooks/use-markdown';

const issue = (overrides: Partial<RelatedIssue> = {}): RelatedIssue => ({
  number: 7,
  title: 'Widget is broken',
  body: 'It **breaks** on Mondays.',
  html_url: 'https://github.com/acme/widgets/issues/7',
  stakingRequired: null,
  bountyAmount: null,
  ...overrides,
});

const render = (body: string | null, found?: RelatedIssue) =>
  renderWithProviders(
    <RelatedIssuePanel owner="acme" repo="widgets" body={body} onClose={() => undefined} />,
    (client) => {
      if (found) client.setQueryData(pullRequestsKeys.relatedIssue('acme', 'widgets', 7), found);
    },
  );

// The excerpt's pipeline is a lazy chunk: here it is loaded first, as a screen preloads it.
beforeAll(async () => {
  await loadMarkdown();
});

describe('RelatedIssuePanel', () => {
  it('says so when the body names no issue, with a close button', () => {
    const html = render('No reference here');
    expect(html).toContain('No issue number in PR body');
    expect(html).toContain('aria-label="Close related issue"');
  });

  it('looks the issue up', () => {
    expect(render('Fixes #7')).toContain('Looking up issue #7');
  });

  it('shows the issue found with its markdown body', () => {
    const html = render('Fixes #7', issue());
    expect(html).toContain('Related Issue Found');
    expect(html).toContain('#7 Widget is broken');
    expect(html).toContain('<strong>breaks</strong>');
    expect(html).not.toContain('Stake:');
  });

  it('falls back for an empty body and shows the stake and bounty when known', () => {
    const html = render('Fixes #7', issue({ body: null, stakingRequired: 10, bountyAmount: 100 }));
    expect(html).toContain('No description provided.');
    expect(html).toContain('Stake: 10 coins');
    expect(html).toContain('Bounty: 100 coins');
  });
});
