/** The query keys of the maintainer's repositories. */
export const maintainerRepositoriesKeys = {
  /** The maintainer's GitHub repositories, connected or not. */
  list: ['maintainer', 'github-repositories'] as const,
  issues: (owner: string, repo: string) => ['maintainer', 'repo', owner, repo, 'issues'] as const,
};
