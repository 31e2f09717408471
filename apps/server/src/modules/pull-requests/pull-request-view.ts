import type { PullRequest, PullRequestDetail } from '@openstake/core';
import { labelsOf, type GithubLabelLike } from '../repositories/github-labels';

export interface GithubPullLike {
  number: number;
  title: string;
  body: string | null;
  state: string;
  draft?: boolean;
  html_url: string;
  user: { login: string; avatar_url: string } | null;
  labels: GithubLabelLike[];
  created_at: string;
  updated_at: string;
  comments?: number;
}

export function toPullRequest(pr: GithubPullLike, stakeAmount: number | null): PullRequest {
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body,
    state: pr.state,
    draft: Boolean(pr.draft),
    html_url: pr.html_url,
    user: { login: pr.user?.login ?? 'ghost', avatar_url: pr.user?.avatar_url ?? '' },
    labels: labelsOf(pr.labels),
    comments: pr.comments ?? 0,
    created_at: pr.created_at,
    updated_at: pr.updated_at,
    stakeAmount,
  };
}

export function toPullRequestDetail(
  pr: GithubPullLike & {
    additions: number;
    deletions: number;
    changed_files: number;
    mergeable_state?: string | null;
    assignees?: { login: string }[] | null;
    requested_reviewers?: { login: string }[] | null;
  },
  stakeAmount: number | null,
): PullRequestDetail {
  return {
    ...toPullRequest(pr, stakeAmount),
    additions: pr.additions,
    deletions: pr.deletions,
    changed_files: pr.changed_files,
    mergeable_state: pr.mergeable_state ?? null,
    assignees: (pr.assignees ?? []).map((a) => ({ login: a.login })),
    requested_reviewers: (pr.requested_reviewers ?? []).map((r) => ({ login: r.login })),
  };
}
