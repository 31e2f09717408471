import { ArrowLeft, FileQuestion } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { buttonVariants } from '@/components/ui/button-variants';

/** 'Issue Not Found' with the way back to the dashboard. */
export function IssueNotFound() {
  return (
    <EmptyState
      icon={FileQuestion}
      headingLevel="h1"
      title="Issue Not Found"
      description="The issue you're looking for doesn't exist."
      className="mx-auto max-w-xl"
      action={
        <Link to="/contributor/dashboard" className={buttonVariants()}>
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
      }
    />
  );
}
