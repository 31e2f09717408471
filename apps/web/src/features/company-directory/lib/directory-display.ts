import {
  type DirectoryContributor,
  type DirectoryGithub,
  FEEDBACK_TAGS,
  type FeedbackTagId,
  formatNumber,
  RATING_CRITERIA,
  type Ratings,
  relativeTime,
} from '@openstake/core';

import { errorMessage } from '@/lib/api/api-error';

/** The name a row or the dialog shows first: the display name, else the GitHub username. */
export const contributorName = (
  contributor: Pick<DirectoryContributor, 'name' | 'githubUsername'>,
) => contributor.name?.trim() || contributor.githubUsername;

/**
 * The row's column and the profile's figure for one number, the server's `repositories`: the
 * public repositories with the contributor's merged staked work, as the verified work lists it.
 */
export const REPOSITORIES_LABEL = 'Repositories';

/** 'Last Active': '3 hours ago', '2 days ago', 'Mar 5, 2025', or 'Never'. */
export function lastActiveText(lastActiveAt: string | null, now: Date): string {
  if (!lastActiveAt) return 'Never';
  try {
    return relativeTime(lastActiveAt, now);
  } catch {
    return 'Unknown';
  }
}

/** 'Showing 20 of 134 contributors' (rows loaded of all matching). */
export function showingText(loaded: number, total: number): string {
  return `Showing ${formatNumber(loaded)} of ${formatNumber(total)} contributor${total === 1 ? '' : 's'}`;
}

type AvailableGithub = Extract<DirectoryGithub, { available: true }>;

/** What the dialog's GitHub part shows. */
export type GithubView =
  | { state: 'loading' }
  | { state: 'unavailable'; reason: string }
  | { state: 'available'; github: AvailableGithub };

export const GITHUB_UNAVAILABLE_FALLBACK = 'GitHub could not be reached.';

/**
 * The GitHub part from its query: loading, GitHub's details, or unavailable with the server's
 * reason (an answer `available: false`, or a failed call).
 */
export function githubView(query: {
  data: DirectoryGithub | undefined;
  error: unknown;
}): GithubView {
  if (query.data?.available === true) return { state: 'available', github: query.data };
  if (query.data?.available === false) return { state: 'unavailable', reason: query.data.reason };
  if (query.error) {
    return { state: 'unavailable', reason: errorMessage(query.error, GITHUB_UNAVAILABLE_FALLBACK) };
  }
  return { state: 'loading' };
}

/** The maintainer's five ratings with core's labels, in core's order: 'Testing Coverage' 4. */
export function ratingRows(ratings: Ratings): { label: string; rating: number }[] {
  return RATING_CRITERIA.map(({ id, label }) => ({ label, rating: ratings[id] }));
}

const TAG_LABELS = new Map(FEEDBACK_TAGS.map((tag) => [tag.id, tag.label]));

export const tagLabel = (id: FeedbackTagId): string => TAG_LABELS.get(id) ?? id;
