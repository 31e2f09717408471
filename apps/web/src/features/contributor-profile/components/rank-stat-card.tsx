import type { RankName } from '@openstake/core';
import { Trophy } from 'lucide-react';

import { StatCard } from '@/components/stat-card';

/** The 'Rank' figure of the profile stats. */
export function RankStatCard({ rank }: { rank: RankName }) {
  return (
    <StatCard
      label="Rank"
      value={<span className="text-base sm:text-lg">{rank}</span>}
      icon={Trophy}
      tint="bg-purple-100 text-purple-700"
    />
  );
}
