import { formatNumber } from '@openstake/core';
import type { DirectoryStats as DirectoryStatsData } from '@openstake/core';
import { Activity, Star, Users } from 'lucide-react';

import { StatCard } from '@/components/stat-card';

/** The three figures over the list, for every contributor the filters match. */
export function DirectoryStats({ stats }: { stats: DirectoryStatsData | undefined }) {
  const figure = (value: number | undefined) => (value === undefined ? '—' : formatNumber(value));
  return (
    <section aria-label="Directory figures" className="grid gap-4 sm:grid-cols-3">
      <StatCard
        label="Total Contributors"
        value={figure(stats?.total)}
        icon={Users}
        testId="stat-total"
      />
      <StatCard
        label="Active Contributors"
        value={figure(stats?.active)}
        icon={Activity}
        tint="bg-success/15 text-success-text"
        testId="stat-active"
      />
      <StatCard
        label="Average XP"
        value={figure(stats?.averageXp)}
        icon={Star}
        tint="bg-warning/15 text-warning-text"
        testId="stat-average-xp"
      />
    </section>
  );
}
