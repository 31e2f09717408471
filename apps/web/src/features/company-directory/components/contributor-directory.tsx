import type { DirectoryContributor } from '@openstake/core';
import { SearchX } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { LoadMoreButton } from '@/components/load-more-button';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-error';
import { useDirectory } from '../api/directory';
import {
  DEFAULT_DIRECTORY_FILTERS,
  hasActiveDirectoryFilters,
  type DirectoryFilters,
} from '../lib/directory-filters';
import { showingText } from '../lib/directory-display';
import { DirectoryFiltersBar } from './directory-filters-bar';
import { DirectoryStats } from './directory-stats';
import { DirectoryTable } from './directory-table';

export const NO_CONTRIBUTORS_MESSAGE = 'No contributors found matching your criteria.';

interface ContributorDirectoryProps {
  filters: DirectoryFilters;
  onFiltersChange: (change: Partial<DirectoryFilters>) => void;
  onViewProfile: (contributor: DirectoryContributor) => void;
  now: Date;
}

/**
 * The hire directory: the stats of every contributor the filters match, the
 * filters, the rows loaded so far with 'Showing X of Y contributors', and 'Load more' while the
 * server has another page.
 */
export function ContributorDirectory({
  filters,
  onFiltersChange,
  onViewProfile,
  now,
}: ContributorDirectoryProps) {
  const directory = useDirectory(filters);
  const listing = directory.data;

  let list;
  if (listing && listing.contributors.length > 0) {
    list = (
      <>
        <DirectoryTable
          contributors={listing.contributors}
          onViewProfile={onViewProfile}
          now={now}
          busy={directory.isPlaceholderData}
        />
        <div className="flex flex-col items-center gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="showing">
            {showingText(listing.contributors.length, listing.stats.total)}
          </p>
          {/* A failed 'Load more' keeps the rows shown and says why under them. */}
          {directory.isFetchNextPageError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(directory.error, 'We could not load more contributors.')}
            </p>
          )}
          <LoadMoreButton pages={directory} />
        </div>
      </>
    );
  } else if (listing) {
    list = (
      <EmptyState
        icon={SearchX}
        title={NO_CONTRIBUTORS_MESSAGE}
        headingLevel="h2"
        action={
          hasActiveDirectoryFilters(filters) ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                onFiltersChange({ ...DEFAULT_DIRECTORY_FILTERS, sort: filters.sort });
              }}
            >
              Clear filters
            </Button>
          ) : undefined
        }
      />
    );
  } else if (directory.isError) {
    list = (
      <QueryError
        title="We could not load the contributors."
        description={errorMessage(directory.error, 'Please try again in a moment.')}
        isRetrying={directory.isFetching}
        onRetry={() => {
          void directory.refetch();
        }}
      />
    );
  } else {
    list = <PageLoading label="Loading contributors..." className="min-h-48" />;
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <DirectoryStats stats={listing?.stats} />
      <DirectoryFiltersBar filters={filters} onChange={onFiltersChange} />
      {list}
    </div>
  );
}
