import type {
  AiAssistance,
  PullRequest,
  PullRequestChecks,
  PullRequestDetail,
} from '@openstake/core';
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

/** What a pull request's card shows of the pending stake on it. */
export interface QueueStake {
  amount: number;
  pricePercent: number;
  aiAssistance: AiAssistance;
}

export function toPullRequest(
  pr: GithubPullLike,
  stake: QueueStake | null,
  checks: PullRequestChecks | null,
): PullRequest {
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
    stakeAmount: stake?.amount ?? null,
    stakePricePercent: stake?.pricePercent ?? null,
    aiAssistance: stake?.aiAssistance ?? null,
    checks,
  };
}

export function toPullRequestDetail(
  pr: GithubPullLike & {
    additions: number;
    deletions: number;
    changed_files: number;
    merged: boolean;
    mergeable_state?: string | null;
    assignees?: { login: string }[] | null;
    requested_reviewers?: { login: string }[] | null;
  },
  stake: QueueStake | null,
  spamMarked: boolean,
): PullRequestDetail {
  return {
    // A single pull request's answer does not carry its checks (the queue reads them).
    ...toPullRequest(pr, stake, null),
    additions: pr.additions,
    deletions: pr.deletions,
    changed_files: pr.changed_files,
    mergeable_state: pr.mergeable_state ?? null,
    assignees: (pr.assignees ?? []).map((a) => ({ login: a.login })),
    requested_reviewers: (pr.requested_reviewers ?? []).map((r) => ({ login: r.login })),
    merged: pr.merged,
    spamMarked,
  };
}
