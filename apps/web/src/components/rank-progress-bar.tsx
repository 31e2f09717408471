import { useId } from 'react';

import { Progress } from './ui/progress';
import { cn } from '@/lib/utils';
import { rankProgressView } from '@/lib/rank-progress';

/**
 * The one rank progress of every screen (overview, settings, profile, public profile): where the
 * next rank starts, the bar, its percentage and the XP to go, all from core's `rankProgress`, so a
 * label never disagrees with its bar. At the top rank there is no bar and `maxLabel` ('Max') is
 * shown.
 */
export function RankProgressBar({
  xp,
  maxLabel,
  className,
}: {
  xp: number;
  maxLabel?: string;
  className?: string;
}) {
  const id = useId();
  const view = rankProgressView(xp, maxLabel);
  return (
    <div className={cn('grid gap-2', className)} data-testid="rank-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span id={id} className="font-medium">
          {view.title}
        </span>
        {view.showBar && (
          <span className="text-muted-foreground tabular-nums" data-testid="rank-progress-percent">
            {view.percent}%
          </span>
        )}
      </div>
      {view.showBar && <Progress value={view.percent} aria-labelledby={id} />}
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium tabular-nums" data-testid="rank-progress-label">
          {view.label}
        </span>
        <span className="text-muted-foreground" data-testid="rank-progress-to-go">
          {view.toGoLabel}
        </span>
      </div>
    </div>
  );
}
