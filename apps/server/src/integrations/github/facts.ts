import type { PullRequestFacts, RepositoryConnectionFacts, RepositoryDetails } from './port';

/** GitHub's REST shapes (answers and webhook payloads alike) read into the port's facts. */

export const repositoryDetailsOf = (data: {
  description: string | null;
  language?: string | null;
  stargazers_count: number;
  html_url: string;
  private: boolean;
}): RepositoryDetails => ({
  description: data.description ?? null,
  language: data.language ?? null,
  stargazersCount: data.stargazers_count,
  htmlUrl: data.html_url,
  private: data.private,
});

export const connectionFactsOf = (data: {
  id: number;
  full_name: string;
  language?: string | null;
}): RepositoryConnectionFacts => ({
  githubId: data.id,
  fullName: data.full_name,
  language: data.language ?? null,
});

export const pullRequestFacts = (data: {
  number: number;
  state: string;
  merged?: boolean | null;
  user: { login: string; id?: number };
  merged_by?: { login: string; id?: number } | null;
  merged_at?: string | null;
  body?: string | null;
  base?: {
    repo?: {
      id?: number;
      owner?: { id?: number } | null;
      stargazers_count?: number;
      forks_count?: number;
      created_at?: string | null;
    } | null;
  };
}): PullRequestFacts => {
  const repo = data.base?.repo;
  return {
    number: data.number,
    state: data.state,
    merged: Boolean(data.merged),
    authorLogin: data.user.login,
    authorId: data.user.id ?? null,
    mergedByLogin: data.merged_by?.login ?? null,
    mergedById: data.merged_by?.id ?? null,
    repositoryId: repo?.id ?? null,
    repositoryOwnerId: repo?.owner?.id ?? null,
    mergedAt: data.merged_at ? new Date(data.merged_at) : null,
    body: data.body ?? null,
    repository:
      typeof repo?.stargazers_count === 'number' && repo.created_at
        ? {
            stargazersCount: repo.stargazers_count,
            forksCount: repo.forks_count ?? 0,
            createdAt: repo.created_at,
          }
        : null,
  };
};
