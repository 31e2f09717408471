import type { ContributorProfile } from '@openstake/core';

import { SectionCard } from '@/components/section-card';
import { XpChart } from './xp-chart';

/** The 'XP Over Time' card of the own and the public profile. */
export function XpOverTimeCard({ history }: { history: ContributorProfile['xpHistory'] }) {
  return (
    <SectionCard title="XP Over Time">
      <XpChart history={history} />
    </SectionCard>
  );
}
