import type { StakeStatus } from '@openstake/core';

import { Badge } from '../../../components/ui/badge';
import { STAKE_STATUS_LABELS, STAKE_STATUS_VARIANTS } from '../lib/stake-display';

export function StakeStatusBadge({ status }: { status: StakeStatus }) {
  return (
    <Badge variant={STAKE_STATUS_VARIANTS[status]} data-testid="stake-status">
      {STAKE_STATUS_LABELS[status]}
    </Badge>
  );
}
