import type { PullRequest, PullRequestDetail } from '@openstake/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { stakes } from '../../db/schema';
import { labelsOf, type GithubLabelLike } from '../github/github-labels';

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

/** Coins staked through OpenStake on each of the repository's pull requests (pending stakes). */
export async function stakedAmounts(
  db: Queryable,
  repositoryFullName: string,
  prNumbers: number[],
): Promise<Map<number, number>> {
  if (prNumbers.length === 0) return new Map();
  const rows = await db
    .select({ prNumber: stakes.prNumber, amount: stakes.amount })
    .from(stakes)
    .where(
      and(
        eq(stakes.repositoryFullName, repositoryFullName.toLowerCase()),
        inArray(stakes.prNumber, prNumbers),
        eq(stakes.status, 'pending'),
      ),
    );
  const amounts = new Map<number, number>();
  for (const row of rows) amounts.set(row.prNumber, (amounts.get(row.prNumber) ?? 0) + row.amount);
  return amounts;
}
