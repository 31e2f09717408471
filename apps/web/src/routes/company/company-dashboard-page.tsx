import type { DirectoryContributor } from '@openstake/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { ContributorDirectory } from '@/features/company-directory/components/contributor-directory';
import { ContributorProfileDialog } from '@/features/company-directory/components/contributor-profile-dialog';
import {
  parseDirectoryFilters,
  withDirectoryFilterChange,
} from '@/features/company-directory/lib/directory-filters';
import { ContactContributor } from '@/features/messages/components/contact-contributor';

/**
 * /company/dashboard, 'Hire' (issue 11): the contributor directory on
 * OpenStake's real records. The filters live in the URL, so a search can be shared and reloaded;
 * a typed search or minimum replaces the history entry instead of adding one per pause.
 */
export function CompanyDashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseDirectoryFilters(searchParams);
  const [viewing, setViewing] = useState<DirectoryContributor | null>(null);
  // 'Last Active' is relative to when the page opened.
  const [now] = useState(() => new Date());

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Hire"
        titleClassName="sm:text-3xl"
        description="Find contributors by the work they have merged and had verified on OpenStake."
      />
      <ContributorDirectory
        filters={filters}
        now={now}
        onViewProfile={setViewing}
        onFiltersChange={(change) => {
          setSearchParams((current) => withDirectoryFilterChange(current, change), {
            replace: change.q !== undefined || change.minXp !== undefined,
            preventScrollReset: true,
          });
        }}
      />
      <ContributorProfileDialog
        contributor={viewing}
        onClose={() => {
          setViewing(null);
        }}
        renderContact={(profile) => (
          <ContactContributor
            contributorId={profile.id}
            contributorName={profile.githubUsername}
            contactable={profile.contactable}
          />
        )}
      />
    </div>
  );
}
