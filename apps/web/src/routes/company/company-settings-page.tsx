import { PageHeader } from '@/components/page-header';
import { NotificationSwitchesCard } from '@/features/notifications/components/notification-switches-card';

/** /company/settings: the company account's settings, so far which emails OpenStake sends it. */
export function CompanySettingsPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Settings"
        titleClassName="sm:text-3xl"
        description="Your company account on OpenStake."
      />
      <NotificationSwitchesCard />
    </div>
  );
}
