import type { BountyIssueFilters } from '../lib/bounty-issue-filters';

/** The query keys of the maintainer's bounty issues and coins. */
export const bountyIssuesKeys = {
  /** Every page and filter of the bounty issue list. */
  all: ['maintainer', 'bounty-issues'] as const,
  list: (filters: BountyIssueFilters) => [...bountyIssuesKeys.all, filters] as const,
  balance: ['maintainer', 'balance'] as const,
};
