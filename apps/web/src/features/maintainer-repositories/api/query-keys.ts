/** The query keys of the maintainer's repositories. */
export const maintainerRepositoriesKeys = {
  /** The maintainer's GitHub repositories, connected or not. */
  list: ['maintainer', 'github-repositories'] as const,
  issues: (owner: string, repo: string) => ['maintainer', 'repo', owner, repo, 'issues'] as const,
  /** Every GitHub user's vouches across repositories: a change in one repository touches them. */
  allUserVouches: ['maintainer', 'github-user'] as const,
  /** What maintainers said of a GitHub user across repositories (their profile). */
  userVouches: (login: string) =>
    ['maintainer', 'github-user', login.toLowerCase(), 'vouches'] as const,
  /** A connected repository's vouched and denounced users. */
  vouches: (owner: string, repo: string) =>
    ['maintainer', 'repo', owner.toLowerCase(), repo.toLowerCase(), 'vouches'] as const,
};
