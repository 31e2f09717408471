import { DIFFICULTY_BADGE_CLASSES, type Difficulty } from '@openstake/core';

import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** beginner green, intermediate yellow, advanced red. */
export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  return (
    <Badge
      variant="outline"
      data-testid="difficulty-badge"
      className={cn('border-transparent capitalize', DIFFICULTY_BADGE_CLASSES[difficulty])}
    >
      {difficulty}
    </Badge>
  );
}
