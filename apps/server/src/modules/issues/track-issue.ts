import {
  difficultyFromLabels,
  issueDefaults,
  type IssueDetail,
  type IssueStake,
  type SuggestedIssue,
} from '@openstake/core';
import type { Queryable } from '../../db/database';
import { trackedIssues } from '../../db/schema';
import type { RepositoryDetails } from '../../integrations/github/github';
import { labelsOf, type GithubLabelLike } from '../github/github-labels';

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

/**
 * Remembers a GitHub issue OpenStake shows, with difficulty from its labels and the default
 * stake and XP for that difficulty (DESIGN.md s7). Refreshing updates what GitHub owns (title,
 * state, labels...) and keeps the amounts, which a bounty issue sets itself.
 */
export async function trackIssue(
  db: Queryable,
  input: {
    repositoryFullName: string;
    issue: GithubIssueLike;
    repository: RepositoryDetails;
    /** A bounty issue's own stake and bounty, instead of the defaults by difficulty. */
    amounts?: { stakingRequired: number; bounty: number };
  },
): Promise<typeof trackedIssues.$inferSelect> {
  const { issue } = input;
  const labels = labelsOf(issue.labels);
  const difficulty = difficultyFromLabels(labels.map((l) => l.name));
  const defaults = { ...issueDefaults(difficulty), ...input.amounts };
  const github = {
    repositoryFullName: input.repositoryFullName.toLowerCase(),
    number: issue.number,
    title: issue.title,
    body: issue.body ?? '',
    state: issue.state === 'closed' ? ('closed' as const) : ('open' as const),
    labels,
    authorLogin: issue.user?.login ?? 'ghost',
    commentsCount: issue.comments,
    htmlUrl: issue.html_url,
    repository: input.repository,
    repositoryPrivate: input.repository.private,
    githubCreatedAt: new Date(issue.created_at),
    githubUpdatedAt: new Date(issue.updated_at),
    fetchedAt: new Date(),
  };
  const [row] = await db
    .insert(trackedIssues)
    .values({
      githubId: issue.id,
      difficulty,
      stakingRequired: defaults.stakingRequired,
      xpReward: defaults.xpReward,
      bounty: defaults.bounty,
      ...github,
    })
    .onConflictDoUpdate({ target: trackedIssues.githubId, set: github })
    .returning();
  if (!row) throw new Error('upsert into tracked_issues returned no row');
  return row;
}

// Hours doubling with each difficulty step: an estimate for the issue page, not a promise.
const ESTIMATED_HOURS = { beginner: 4, intermediate: 8, advanced: 16 } as const;

export function toSuggestedIssue(row: typeof trackedIssues.$inferSelect): SuggestedIssue {
  return {
    id: row.githubId,
    number: row.number,
    title: row.title,
    body: row.body,
    difficulty: row.difficulty,
    bounty: row.bounty,
    xpReward: row.xpReward,
    stakingRequired: row.stakingRequired,
    htmlUrl: row.htmlUrl,
    repository: { fullName: row.repositoryFullName, ...row.repository },
  };
}

/** The issue page's view of a tracked issue, with the viewer's own latest stake on it. */
export function toIssueDetail(
  row: typeof trackedIssues.$inferSelect,
  myStake: IssueStake | null,
): IssueDetail {
  return {
    ...toSuggestedIssue(row),
    labels: row.labels.map((l) => ({ name: l.name, color: `#${l.color.replace(/^#/, '')}` })),
    user: { login: row.authorLogin },
    state: row.state,
    createdAt: row.githubCreatedAt.toISOString(),
    updatedAt: row.githubUpdatedAt.toISOString(),
    commentsCount: row.commentsCount,
    estimatedHours: ESTIMATED_HOURS[row.difficulty],
    myStake,
  };
}
