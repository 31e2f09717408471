import { QueryError } from '@/components/query-error';
import { GithubRequiredNotice } from '@/features/github/components/github-required-notice';
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
  return <QueryError title={error.message} onRetry={onRetry} isRetrying={isRetrying} />;
}
