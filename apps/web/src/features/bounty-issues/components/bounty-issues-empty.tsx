import { FilePlus2, SearchX } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';

/** 'No bounty issues created yet', with the way to create one. */
export function NoBountyIssuesYet() {
  return (
    <EmptyState
      icon={FilePlus2}
      title="No bounty issues created yet"
      description="Create an issue with a stake and a bounty to see it here."
      action={
        <Link to="/maintainer/new-issue" className={buttonVariants({ size: 'sm' })}>
          Create New Issue
        </Link>
      }
    />
  );
}

/** 'No issues match your filters', with a way back to everything. */
export function NoBountyIssuesMatch({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={SearchX}
      title="No issues match your filters"
      description="Try another search, status or difficulty."
      action={
        <Button variant="outline" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  );
}
