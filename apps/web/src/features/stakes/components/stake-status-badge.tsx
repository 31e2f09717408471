import { Badge } from '@/components/ui/badge';
import { STAKE_STATUS_LABELS, stakeStatusVariant, type SettledFigures } from '../lib/stake-display';

export function StakeStatusBadge({ stake }: { stake: SettledFigures }) {
  return (
    <Badge variant={stakeStatusVariant(stake)} data-testid="stake-status">
      {STAKE_STATUS_LABELS[stake.status]}
    </Badge>
  );
}
