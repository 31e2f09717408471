import { ArrowLeft, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { buttonVariants } from '@/components/ui/button-variants';
import { ApiError, isNotFound } from '@/lib/api/api-error';

const backToDashboard = (
  <Link to="/contributor/dashboard" className={buttonVariants()}>
    <ArrowLeft aria-hidden="true" />
    Back to Dashboard
  </Link>
);

interface FallbackAction {
  /** Where the 'not found' and error states lead; the contributor's dashboard by default. */
  action?: ReactNode;
  /** What a 404 says; 'Profile not found' by default. */
  missing?: { title: string; description?: string };
}

const NOT_FOUND = { title: 'Profile not found' };

/** An id the server cannot read (400) names no profile either. */
const isMissingProfile = (error: unknown) =>
  isNotFound(error) || (error instanceof ApiError && error.status === 400);

/** 'Profile not found', or `missing`, for a 404; a retry for any other failure. */
export function ProfileLoadError({
  error,
  onRetry,
  isRetrying,
  action = backToDashboard,
  missing = NOT_FOUND,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
} & FallbackAction) {
  if (isMissingProfile(error)) {
    return (
      <EmptyState
        icon={UserX}
        headingLevel="h1"
        title={missing.title}
        description={missing.description}
        className="mx-auto max-w-xl"
        action={action}
      />
    );
  }
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <QueryError
        title="We could not load this profile."
        onRetry={onRetry}
        isRetrying={isRetrying}
      />
      {action && <div>{action}</div>}
    </div>
  );
}

/** A profile page before its data: the page's header above the loading state or the load error. */
export function ProfilePageFallback({
  header,
  profile,
  loadingLabel,
  action,
  missing,
}: {
  header: ReactNode;
  profile: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  loadingLabel: string;
} & FallbackAction) {
  return (
    <div className="grid grid-cols-1 gap-6">
      {header}
      {profile.isError ? (
        <ProfileLoadError
          error={profile.error}
          action={action}
          missing={missing}
          isRetrying={profile.isFetching}
          onRetry={() => {
            void profile.refetch();
          }}
        />
      ) : (
        <PageLoading label={loadingLabel} />
      )}
    </div>
  );
}
