/** The query keys of a repository's pull requests. */
export const pullRequestsKeys = {
  /** The open pull requests, every page, and each one's details. */
  list: (owner: string, repo: string) => ['maintainer', 'repo', owner, repo, 'pulls'] as const,
  detail: (owner: string, repo: string, number: number) =>
    [...pullRequestsKeys.list(owner, repo), number] as const,
  /** Under the pull request's key: a merge (which refreshes the list) forgets it too. */
  rewardAllowance: (owner: string, repo: string, number: number) =>
    [...pullRequestsKeys.detail(owner, repo, number), 'reward-allowance'] as const,
  relatedIssue: (owner: string, repo: string, number: number | null) =>
    ['maintainer', 'repo', owner, repo, 'issue', number] as const,
};
