import { nextRankThreshold, profileProgressPercent, rankForXp } from '@openstake/core';
import { useId } from 'react';

import { Progress } from '../../../components/ui/progress';

/**
 * The profile's bar to the next rank: current XP over the next threshold (spec 000 s9), hidden at
 * the top rank, where the stat cards say 'Max'.
 */
export function ProfileProgress({ xp }: { xp: number }) {
  const id = useId();
  const percent = profileProgressPercent(xp);
  const next = nextRankThreshold(xp);
  if (percent === null || next === null) return null;
  return (
    <div className="grid gap-2" data-testid="profile-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span id={id} className="font-medium">
          Progress to {rankForXp(next)}
        </span>
        <span className="text-muted-foreground tabular-nums">
          {xp} / {next} XP
        </span>
      </div>
      <Progress value={percent} aria-labelledby={id} />
    </div>
  );
}
