import { Coins, Search } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { logOnly, useErrorToast } from '@/lib/use-error-toast';
import { useStakes } from '@/features/stakes/api/stakes';
import { LoadMoreButton } from '@/components/load-more-button';
import { StakeList } from '@/features/stakes/components/stake-list';

/**
 * My Stakes: every stake with its status and what it earned or cost, the newest
 * first page and more on 'Load more'.
 */
export function MyStakesTab({ onBrowseIssues }: { onBrowseIssues: () => void }) {
  const stakes = useStakes();
  useErrorToast(stakes.error, logOnly, 'Could not load stakes');

  let body;
  if (stakes.data && stakes.data.length > 0) {
    body = (
      <>
        <StakeList stakes={stakes.data} />
        <LoadMoreButton pages={stakes} />
      </>
    );
  } else if (stakes.data) {
    body = (
      <EmptyState
        icon={Coins}
        title="No Stakes Yet"
        description="Stake coins on an issue with your pull request to see it here."
        action={
          <Button variant="outline" size="sm" onClick={onBrowseIssues}>
            <Search aria-hidden="true" />
            Browse Issues
          </Button>
        }
      />
    );
  } else if (stakes.isPending) {
    body = <PageLoading label="Loading your stakes..." className="min-h-48" />;
  } else {
    // A failed stakes fetch is only logged; the page still offers a retry.
    body = (
      <QueryError
        title="We could not load your stakes."
        isRetrying={stakes.isFetching}
        onRetry={() => {
          void stakes.refetch();
        }}
      />
    );
  }

  return (
    <section aria-labelledby="my-stakes-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="my-stakes-title" className="text-xl font-semibold tracking-tight">
          My Stakes
        </h2>
        <p className="text-sm text-muted-foreground">
          Your stakes, newest first. Settled stakes show what they really earned or cost.
        </p>
      </div>
      {body}
    </section>
  );
}
