/**
 * The open-issue page (/maintainer/open-issue/:number) learns its pull request from the PR
 * list's navigation state `{ owner, repo, title }`, or, after a reload or from a shared link,
 * from ?owner=&repo= and a fetch of the pull request.
 */
export interface OpenIssueSource {
  owner: string | null;
  repo: string | null;
  /** The pull request's title when the navigation state carried it. */
  title: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function readOpenIssueSource(state: unknown, search: URLSearchParams): OpenIssueSource {
  const fromState = (typeof state === 'object' && state !== null ? state : {}) as Record<
    string,
    unknown
  >;
  const stateOwner = text(fromState.owner);
  const stateRepo = text(fromState.repo);
  // The title only describes the pull request the state's own repository names.
  const stateComplete = stateOwner !== null && stateRepo !== null;
  return {
    owner: stateOwner ?? text(search.get('owner')),
    repo: stateRepo ?? text(search.get('repo')),
    title: stateComplete ? text(fromState.title) : null,
  };
}

/** A positive pull-request number from the route, or null. */
export function parsePullRequestNumber(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

export const BOUNTY_TITLE_PREFIX = '[Bounty] ';

/** The title starts as '[Bounty] ' + the pull request's title. */
export function bountyTitleFor(pullRequestTitle: string | null): string {
  return `${BOUNTY_TITLE_PREFIX}${pullRequestTitle ?? ''}`;
}

/** The description starts by naming the pull request, which GitHub links ('#12'). */
export function bountyBodyFor(pullRequestNumber: number): string {
  return `This bounty is for the work in pull request #${String(pullRequestNumber)}.\n\n`;
}

/** The stake a contributor pays to take a PR's bounty issue, preselected on the page. */
export const OPEN_ISSUE_DEFAULT_STAKE = 10;
