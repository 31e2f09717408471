import type { MaintainerRepository } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/features/maintainer-repositories/test/render';
import { NO_PULL_REQUESTS_TEXT, PullRequestList } from './pull-request-list';
import { maintainerRepositoriesKeys } from '@/features/maintainer-repositories/api/query-keys';
import { pullRequestsKeys } from '../api/query-keys';

const render = (seed?: Parameters<typeof renderWithProviders>[1]) =>
  renderWithProviders(<PullRequestList owner="acme" repo="widgets" />, seed);

describe('PullRequestList', () => {
  it('shows the loading text', () => {
    expect(render()).toContain('Loading PRs…');
  });

  it('shows the search box', () => {
    expect(render()).toContain('placeholder="Search by title or author..."');
  });

  it("offers Create PR on GitHub's compare page when there is no open pull request", () => {
    const html = render((client) => {
      client.setQueryData(pullRequestsKeys.list('acme', 'widgets'), {
        pages: [[]],
        pageParams: [1],
      });
    });
    expect(html).toContain(NO_PULL_REQUESTS_TEXT);
    expect(html).toContain('Create PR');
    expect(html).toContain('href="https://github.com/acme/widgets/compare"');
  });

  it('uses the repository address already loaded by the dashboard (demo mode serves its own)', () => {
    const html = render((client) => {
      client.setQueryData(pullRequestsKeys.list('acme', 'widgets'), {
        pages: [[]],
        pageParams: [1],
      });
      client.setQueryData<Partial<MaintainerRepository>[]>(maintainerRepositoriesKeys.list, [
        { owner: 'acme', name: 'widgets', html_url: 'http://localhost:4100/acme/widgets' },
      ]);
    });
    expect(html).toContain('href="http://localhost:4100/acme/widgets/compare"');
  });
});
