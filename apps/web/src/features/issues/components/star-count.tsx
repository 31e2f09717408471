import { formatNumber } from '@openstake/core';
import { Star } from 'lucide-react';

/** A repository's stars, as a star and the number (read out as 'N stars'). */
export function StarCount({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Star aria-hidden="true" className="size-3.5" />
      {formatNumber(count)}
      <span className="sr-only"> stars</span>
    </span>
  );
}
