/** Where the API answers for one of the maintainer's repositories: its issues, pull requests, merges. */
export const repoApiPath = (owner: string, repo: string): string =>
  `/api/maintainer/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
