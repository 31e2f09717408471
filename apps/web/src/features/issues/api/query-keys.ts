import type { IssueRef } from '@openstake/core';

/** The query keys of issues as a contributor sees them. */
export const issuesKeys = {
  suggested: ['contributor', 'suggested-issues'] as const,
  /** Every issue page's query starts with this. */
  details: ['contributor', 'issue-details'] as const,
  detail: (issueId: number) => [...issuesKeys.details, issueId] as const,
  byRef: (ref: IssueRef | null) =>
    [
      'contributor',
      'issue-by-ref',
      ref?.owner.toLowerCase(),
      ref?.repo.toLowerCase(),
      ref?.number,
    ] as const,
};
