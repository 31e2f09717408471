import {
  difficultyFromLabels,
  issueDefaults,
  type IssueDetail,
  type IssueStake,
  type StakePriceView,
  type SuggestedIssue,
} from '@openstake/core';
import type { Queryable } from '../../db/database';
import type { RepositoryDetails } from '../../integrations/github/port';
import { labelsOf, type GithubLabelLike } from '../repositories/github-labels';
import { upsertTrackedIssues, type TrackedIssue } from './issue-store';

export interface GithubIssueLike {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state: string;
  labels: GithubLabelLike[];
  user: { login: string } | null;
  comments: number;
  html_url: string;
  created_at: string;
  updated_at: string;
}

export interface TrackIssueInput {
  repositoryFullName: string;
  issue: GithubIssueLike;
  repository: RepositoryDetails;
  /** A bounty issue's own stake and bounty, instead of the defaults by difficulty. */
  amounts?: { stakingRequired: number; bounty: number };
}

// What GitHub owns of a tracked issue: refreshed on every sight of it. The amounts are not.
const GITHUB_OWNED = [
  'repositoryFullName',
  'number',
  'title',
  'body',
  'state',
  'labels',
  'authorLogin',
  'commentsCount',
  'htmlUrl',
  'repository',
  'repositoryPrivate',
  'githubCreatedAt',
  'githubUpdatedAt',
  'fetchedAt',
] as const;

function githubFields(input: TrackIssueInput) {
  const { issue } = input;
  return {
    repositoryFullName: input.repositoryFullName.toLowerCase(),
    number: issue.number,
    title: issue.title,
    body: issue.body ?? '',
    state: issue.state === 'closed' ? ('closed' as const) : ('open' as const),
    labels: labelsOf(issue.labels),
    authorLogin: issue.user?.login ?? 'ghost',
    commentsCount: issue.comments,
    htmlUrl: issue.html_url,
    repository: input.repository,
    repositoryPrivate: input.repository.private,
    githubCreatedAt: new Date(issue.created_at),
    githubUpdatedAt: new Date(issue.updated_at),
    fetchedAt: new Date(),
  } satisfies Record<(typeof GITHUB_OWNED)[number], unknown>;
}

/**
 * Remembers GitHub issues OpenStake shows, in one upsert, with difficulty from their labels and
 * the default stake and XP for that difficulty. Refreshing updates what GitHub
 * owns (title, state, labels...) and keeps the amounts, which a bounty issue sets itself. Returns
 * the rows in the order of `inputs` (an issue given twice is written once, as last given).
 */
export async function trackIssues(
  db: Queryable,
  inputs: readonly TrackIssueInput[],
): Promise<TrackedIssue[]> {
  const byId = new Map(inputs.map((input) => [input.issue.id, input]));
  if (byId.size === 0) return [];
  // On a repeated sight, each GitHub-owned column takes the value of the row being inserted.
  const rows = await upsertTrackedIssues(
    db,
    [...byId.values()].map((input) => {
      const github = githubFields(input);
      const difficulty = difficultyFromLabels(github.labels.map((l) => l.name));
      const amounts = { ...issueDefaults(difficulty), ...input.amounts };
      return {
        githubId: input.issue.id,
        difficulty,
        stakingRequired: amounts.stakingRequired,
        xpReward: amounts.xpReward,
        bounty: amounts.bounty,
        ...github,
      };
    }),
    GITHUB_OWNED,
  );
  const tracked = new Map(rows.map((row) => [row.githubId, row]));
  return inputs.map(({ issue }) => {
    const row = tracked.get(issue.id);
    if (!row)
      throw new Error(`upsert into tracked_issues returned no row for issue ${String(issue.id)}`);
    return row;
  });
}

/** Remembers one GitHub issue OpenStake shows (see trackIssues). */
export async function trackIssue(db: Queryable, input: TrackIssueInput): Promise<TrackedIssue> {
  const [row] = await trackIssues(db, [input]);
  if (!row) throw new Error('upsert into tracked_issues returned no row');
  return row;
}

// Hours doubling with each difficulty step: an estimate for the issue page, not a promise.
const ESTIMATED_HOURS = { beginner: 4, intermediate: 8, advanced: 16 } as const;

/** A tracked issue as a suggestion card shows it, with what the viewer must stake on it. */
export function toSuggestedIssue(row: TrackedIssue, stakePrice: StakePriceView): SuggestedIssue {
  return {
    id: row.githubId,
    number: row.number,
    title: row.title,
    body: row.body,
    difficulty: row.difficulty,
    bounty: row.bounty,
    xpReward: row.xpReward,
    stakingRequired: row.stakingRequired,
    stakePrice,
    htmlUrl: row.htmlUrl,
    repository: { fullName: row.repositoryFullName, ...row.repository },
  };
}

/**
 * The issue page's view of a tracked issue, with the viewer's own latest stake on it, their price
 * and what would refuse their stake now.
 */
export function toIssueDetail(
  row: TrackedIssue,
  viewer: {
    myStake: IssueStake | null;
    stakePrice: StakePriceView;
    stakeRefusal: string | null;
  },
  deductionPercent: number,
): IssueDetail {
  return {
    ...toSuggestedIssue(row, viewer.stakePrice),
    labels: row.labels.map((l) => ({ name: l.name, color: `#${l.color.replace(/^#/, '')}` })),
    user: { login: row.authorLogin },
    state: row.state,
    createdAt: row.githubCreatedAt.toISOString(),
    updatedAt: row.githubUpdatedAt.toISOString(),
    commentsCount: row.commentsCount,
    estimatedHours: ESTIMATED_HOURS[row.difficulty],
    deductionPercent,
    myStake: viewer.myStake,
    stakeRefusal: viewer.stakeRefusal,
  };
}
