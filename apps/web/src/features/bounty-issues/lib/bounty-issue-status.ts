import type { BountyIssueStatus } from '@openstake/core';

export const BOUNTY_ISSUE_STATUS_LABELS: Readonly<Record<BountyIssueStatus, string>> = {
  open: 'Open',
  in_progress: 'In Progress',
  completed: 'Completed',
  closed: 'Closed',
};

/** Open green, in progress blue, completed purple, closed gray. */
export const BOUNTY_ISSUE_STATUS_CLASSES: Readonly<Record<BountyIssueStatus, string>> = {
  open: 'bg-green-100 text-green-800',
  in_progress: 'bg-blue-100 text-blue-800',
  completed: 'bg-purple-100 text-purple-800',
  closed: 'bg-gray-100 text-gray-800',
};
