/*
 * The per-repository pages keep the original swapped names: '/issues' lists pull
 * requests and '/prs' lists issues. These helpers name them by what they show.
 */

const base = (owner: string, repo: string) =>
  `/maintainer/repo/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;

/** The pull request list. */
export const pullRequestsPath = (owner: string, repo: string): string =>
  `${base(owner, repo)}/issues`;

/** The repository issue list. */
export const repositoryIssuesPath = (owner: string, repo: string): string =>
  `${base(owner, repo)}/prs`;

/** The create-issue page, with the repository filled in from its query parameters. */
export const newIssuePath = (owner: string, repo: string): string =>
  `/maintainer/new-issue?${new URLSearchParams({ owner, repo }).toString()}`;

/**
 * The new-issue page for a pull request. The repository is in the query too, so a
 * reload or a shared link still knows it; the title travels in navigation state.
 */
export const openIssuePath = (owner: string, repo: string, number: number): string =>
  `/maintainer/open-issue/${String(number)}?${new URLSearchParams({ owner, repo }).toString()}`;

export const REPOSITORIES_PATH = '/maintainer/dashboard';

/** What the dashboard hands to a repository page in navigation state. */
export interface RepositoryNavigationState {
  repository: { owner: string; name: string; htmlUrl: string };
}

export function readRepositoryNavigationState(
  state: unknown,
): RepositoryNavigationState['repository'] | null {
  if (typeof state !== 'object' || state === null) return null;
  const repository = (state as { repository?: unknown }).repository;
  if (typeof repository !== 'object' || repository === null) return null;
  const { owner, name, htmlUrl } = repository as Record<string, unknown>;
  if (typeof owner !== 'string' || typeof name !== 'string' || typeof htmlUrl !== 'string') {
    return null;
  }
  return { owner, name, htmlUrl };
}
