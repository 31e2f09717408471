import { describe, expect, it } from 'vitest';

import {
  newIssuePath,
  openIssuePath,
  pullRequestsPath,
  readRepositoryNavigationState,
  repositoryIssuesPath,
} from './repository-paths';

describe('repository paths', () => {
  it('keeps the original swapped routes: pull requests under /issues, issues under /prs', () => {
    expect(pullRequestsPath('acme', 'widgets')).toBe('/maintainer/repo/acme/widgets/issues');
    expect(repositoryIssuesPath('acme', 'widgets')).toBe('/maintainer/repo/acme/widgets/prs');
  });

  it('opens the create-issue page with the repository in its query', () => {
    expect(newIssuePath('acme', 'my.repo')).toBe('/maintainer/new-issue?owner=acme&repo=my.repo');
  });

  it("opens a pull request's new-issue page with the repository in its query", () => {
    expect(openIssuePath('acme', 'my repo', 42)).toBe(
      '/maintainer/open-issue/42?owner=acme&repo=my+repo',
    );
  });

  it('reads the repository handed over in navigation state, or nothing', () => {
    const repository = {
      owner: 'acme',
      name: 'widgets',
      htmlUrl: 'https://github.com/acme/widgets',
    };
    expect(readRepositoryNavigationState({ repository })).toEqual(repository);
    expect(readRepositoryNavigationState(null)).toBeNull();
    expect(readRepositoryNavigationState({ repository: { owner: 'acme' } })).toBeNull();
  });
});
