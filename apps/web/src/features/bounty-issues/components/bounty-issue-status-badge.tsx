import type { BountyIssueStatus } from '@openstake/core';

import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import {
  BOUNTY_ISSUE_STATUS_CLASSES,
  BOUNTY_ISSUE_STATUS_LABELS,
} from '../lib/bounty-issue-status';

export function BountyIssueStatusBadge({ status }: { status: BountyIssueStatus }) {
  return (
    <Badge
      variant="outline"
      data-testid="bounty-issue-status"
      className={cn('border-transparent', BOUNTY_ISSUE_STATUS_CLASSES[status])}
    >
      {BOUNTY_ISSUE_STATUS_LABELS[status]}
    </Badge>
  );
}
