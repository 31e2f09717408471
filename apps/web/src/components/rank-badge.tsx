import { RANK_BADGE_COLORS, type RankName } from '@openstake/core';
import { Trophy } from 'lucide-react';

import { Badge } from './ui/badge';
import { cn } from '@/lib/utils';

export function RankBadge({ rank, className }: { rank: RankName; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-testid="rank-badge"
      className={cn('border-transparent', RANK_BADGE_COLORS[rank], className)}
    >
      <Trophy aria-hidden="true" />
      {rank}
    </Badge>
  );
}
