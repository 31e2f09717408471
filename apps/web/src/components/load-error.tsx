import { RefreshCw } from 'lucide-react';

import { Button } from './ui/button';

/**
 * The red error line shown on the page, with a way to try again:
 * the pull request list, a pull request's details and the repository issue list.
 */
export function LoadError({
  message,
  isRetrying,
  onRetry,
}: {
  message: string;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm font-medium text-destructive">
        {message}
      </p>
      <Button variant="outline" size="sm" disabled={isRetrying} onClick={onRetry}>
        <RefreshCw aria-hidden="true" className={isRetrying ? 'animate-spin' : ''} />
        Try again
      </Button>
    </div>
  );
}
