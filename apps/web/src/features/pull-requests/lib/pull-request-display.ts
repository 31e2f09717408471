import { relativeTime, type PullRequest } from '@openstake/core';

import { safeExternalUrl } from '@/lib/safe-url';
import { githubWebBase } from '@/features/app-config/api/app-config';
import type { StakeOutcome } from '../api/close-pull-request';

/** Search on the pull request list: title or author login, case-insensitive. */
export function filterPullRequests<T extends { title: string; user: { login: string } }>(
  pullRequests: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...pullRequests];
  return pullRequests.filter(
    (pr) => pr.title.toLowerCase().includes(needle) || pr.user.login.toLowerCase().includes(needle),
  );
}

const MERGEABLE_STATES: Record<string, string> = {
  clean: 'Clean: ready to merge',
  unstable: 'Unstable: failing or pending checks',
  blocked: 'Blocked: required reviews or checks missing',
  behind: 'Behind the base branch',
  dirty: 'Dirty: merge conflicts',
  draft: 'Draft',
  has_hooks: 'Mergeable (with hooks)',
  unknown: 'Unknown',
};

/** GitHub's mergeable_state in words; 'Unknown' while GitHub has not computed it (null). */
export function mergeableStateLabel(state: string | null | undefined): string {
  if (!state) return 'Unknown';
  return MERGEABLE_STATES[state] ?? state;
}

/** 'open' -> 'Open'. */
export function stateLabel(state: string): string {
  return state === '' ? 'Unknown' : state.charAt(0).toUpperCase() + state.slice(1);
}

/** The toast after Close PR: what happened to a stake on it. */
export function closeOutcomeMessage(number: number, outcome: StakeOutcome): string {
  const closed = `Pull request #${String(number)} closed.`;
  if (outcome === 'rejected') {
    return `${closed} Its stake was rejected: the repository's deduction was kept and the rest returned to the contributor.`;
  }
  if (outcome === 'expired') {
    return `${closed} Its stake was refunded in full, as it had no review.`;
  }
  return closed;
}

/**
 * The repository's web address: the one the dashboard handed over, else derived from a pull
 * request's html_url (…/owner/repo/pull/N), else built on GitHub's web address from /api/config
 * (the simulator's in demo mode).
 */
export function repositoryWebUrl(
  owner: string,
  repo: string,
  known: {
    fromNavigation?: string | null;
    pullRequestUrl?: string | null;
    githubWebUrl?: string | null;
  },
): string {
  const fromNavigation = safeExternalUrl(known.fromNavigation);
  if (fromNavigation) return fromNavigation.replace(/\/+$/, '');
  const fromPull = safeExternalUrl(known.pullRequestUrl);
  const match = fromPull ? /^(.*)\/pull\/\d+\/?$/.exec(fromPull) : null;
  if (match?.[1]) return match[1];
  const github = githubWebBase(known.githubWebUrl);
  return `${github}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}

/** Where 'Create PR' goes: GitHub's compare page of the repository. */
export const compareUrl = (repositoryUrl: string): string => `${repositoryUrl}/compare`;

/**
 * 'Opened 3 hours ago', 'Opened 2 days ago', 'Opened on Mar 5, 2025' (core relativeTime: hours
 * under 24 hours, days under 7 days, else the date).
 */
export function openedText(createdAt: string, now: Date): string {
  let relative: string;
  try {
    relative = relativeTime(createdAt, now);
  } catch {
    return 'Opened at an unknown time';
  }
  return /ago$|^just now$/.test(relative) ? `Opened ${relative}` : `Opened on ${relative}`;
}

/** A stake's price factor in words: 200 -> '2x', 150 -> '1.5x', 75 -> '0.75x'. */
export const priceFactorText = (percent: number): string => `${String(percent / 100)}x`;

/** The card's AI declaration badge; none for 'none' or an unstaked pull request. */
export function aiAssistanceLabel(ai: PullRequest['aiAssistance']): string | null {
  if (ai === 'assisted') return 'AI-assisted';
  if (ai === 'generated') return 'AI-generated';
  return null;
}

/** The card's checks badge: GitHub's rollup of the head commit's checks; none when it has none. */
export function checksLabel(
  checks: PullRequest['checks'],
): { text: string; variant: 'success' | 'warning' | 'destructive' } | null {
  if (checks === 'success') return { text: 'Checks passing', variant: 'success' };
  if (checks === 'failure') return { text: 'Checks failing', variant: 'destructive' };
  if (checks === 'pending') return { text: 'Checks running', variant: 'warning' };
  return null;
}

/** The fold's label: '3 unstaked pull requests on bounty issues'. */
export const unstakedOnBountiesText = (count: number): string =>
  count === 1
    ? '1 unstaked pull request on a bounty issue'
    : `${String(count)} unstaked pull requests on bounty issues`;

/**
 * When the server read the queue from GitHub ('Read from GitHub at 10:42:05 AM'): it keeps a read
 * up to a minute while no webhook says the repository changed, so checks finishing may show late.
 */
export const readAtText = (readAt: string, timeZone?: string): string =>
  `Read from GitHub at ${new Date(readAt).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    ...(timeZone && { timeZone }),
  })}`;
