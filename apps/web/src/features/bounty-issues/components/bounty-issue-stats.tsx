import { formatNumber } from '@openstake/core';
import type { BountyIssuesPage } from '@openstake/core';
import { CheckCircle2, CircleDot, Coins, Hourglass, ListChecks, Lock } from 'lucide-react';

import { StatCard } from '@/components/stat-card';

/** The six figures over all of the maintainer's bounty issues. */
export function BountyIssueStats({ stats }: { stats: BountyIssuesPage['stats'] }) {
  return (
    <section aria-label="Bounty issue statistics" className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <StatCard label="Total Issues" value={formatNumber(stats.totalIssues)} icon={ListChecks} />
      <StatCard
        label="Total Bounty"
        value={`${formatNumber(stats.totalBountyAmount)} coins`}
        icon={Coins}
        tint="bg-green-100 text-green-700"
      />
      <StatCard
        label="Total Stake"
        value={`${formatNumber(stats.totalStakeAmount)} coins`}
        icon={Lock}
        tint="bg-amber-100 text-amber-700"
      />
      <StatCard
        label="Active"
        value={formatNumber(stats.activeIssues)}
        icon={CircleDot}
        tint="bg-green-100 text-green-700"
      />
      <StatCard
        label="Completed"
        value={formatNumber(stats.completedIssues)}
        icon={CheckCircle2}
        tint="bg-purple-100 text-purple-700"
      />
      <StatCard
        label="In Progress"
        value={formatNumber(stats.inProgressIssues)}
        icon={Hourglass}
        tint="bg-blue-100 text-blue-700"
      />
    </section>
  );
}
