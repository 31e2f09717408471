import type { RepositoryIssue, RepositoryIssuesPage } from '@openstake/core';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { RepositoryIssueCard } from './repository-issue-card';
import { NO_ISSUES_TEXT, RepositoryIssueList } from './repository-issue-list';
import { maintainerRepositoriesKeys } from '../api/query-keys';
import { loadMarkdown } from '@/features/issues/hooks/use-markdown';

const issue: RepositoryIssue = {
  number: 9,
  title: 'Add a dark mode',
  body: '## Why\nBecause it is **night**.',
  user: { login: 'carol' },
  state: 'open',
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-04T12:00:00.000Z',
  comments: 1,
  labels: [{ name: 'enhancement', color: 'a2eeef' }],
  html_url: 'https://github.com/acme/widgets/issues/9',
};

// The excerpt's pipeline is a lazy chunk: here it is loaded first, as a screen preloads it.
beforeAll(async () => {
  await loadMarkdown();
});

describe('RepositoryIssueCard', () => {
  it('shows number, title, author, state, dates, comments, preview and labels', () => {
    const html = renderWithProviders(<RepositoryIssueCard issue={issue} />);
    expect(html).toContain('#9');
    expect(html).toContain('Add a dark mode');
    expect(html).toContain('carol');
    expect(html).toContain('open');
    expect(html).toContain('Mar 1, 2025');
    expect(html).toContain('Mar 4, 2025');
    expect(html).toContain('1 comment');
    expect(html).toContain('Why Because it is night.');
    expect(html).toContain('enhancement');
    expect(html).toContain('href="https://github.com/acme/widgets/issues/9"');
  });
});

describe('RepositoryIssueList', () => {
  const render = (pages?: RepositoryIssuesPage[]) =>
    renderWithProviders(<RepositoryIssueList owner="acme" repo="widgets" />, (client) => {
      if (pages) {
        client.setQueryData(maintainerRepositoriesKeys.issues('acme', 'widgets'), {
          pages,
          pageParams: pages.map((_, i) => i + 1),
        });
      }
    });
  const lastPage = (data: RepositoryIssue[]): RepositoryIssuesPage => ({ data, nextPage: null });

  it('shows the loading text, the empty state and the issues', () => {
    expect(render()).toContain('Loading issues…');
    expect(render([lastPage([])])).toContain(NO_ISSUES_TEXT);
    const html = render([lastPage([issue])]);
    expect(html).toContain('Add a dark mode');
    expect(html).not.toContain('Load more');
  });

  it('offers Load more while the server names a next page, however short this one', () => {
    // GitHub's pages count pull requests: one issue on a page of 30 items, more to come.
    const html = render([{ data: [issue], nextPage: 2 }]);
    expect(html).toContain('Add a dark mode');
    expect(html).toContain('Load more');
  });

  it('keeps loading, not empty, while the pages read so far held only pull requests', () => {
    const html = render([{ data: [], nextPage: 2 }]);
    expect(html).toContain('Loading issues…');
    expect(html).not.toContain(NO_ISSUES_TEXT);
  });
});
