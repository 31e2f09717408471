import { RefreshCw } from 'lucide-react';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { GithubRequiredNotice } from '../../github/components/github-required-notice';
import type { LoadError } from '../lib/general-flow';

/** Why an organization's repositories could not be listed, with a way to try again. */
export function LoadErrorNotice({
  error,
  onRetry,
  isRetrying = false,
}: {
  error: LoadError;
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  if (error.githubAuthRequired) {
    return (
      <GithubRequiredNotice reason="Listing an organization's repositories needs your GitHub account." />
    );
  }
  return (
    <Alert variant="destructive">
      <AlertTitle>{error.message}</AlertTitle>
      {onRetry && (
        <AlertDescription>
          <Button
            variant="outline"
            size="sm"
            className="mt-1"
            disabled={isRetrying}
            onClick={onRetry}
          >
            <RefreshCw aria-hidden="true" className={isRetrying ? 'animate-spin' : ''} />
            Try again
          </Button>
        </AlertDescription>
      )}
    </Alert>
  );
}
