import { formatNumber } from '@openstake/core';
import { Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { useUser } from '@/features/auth/user-context';
import {
  bountyIssuesErrorMessage,
  useBountyIssues,
} from '@/features/bounty-issues/api/bounty-issues';
import { BountyIssueCard } from '@/features/bounty-issues/components/bounty-issue-card';
import { BountyIssueFiltersBar } from '@/features/bounty-issues/components/bounty-issue-filters-bar';
import { BountyIssueStats } from '@/features/bounty-issues/components/bounty-issue-stats';
import {
  NoBountyIssuesMatch,
  NoBountyIssuesYet,
} from '@/features/bounty-issues/components/bounty-issues-empty';
import { PageButtons } from '@/features/bounty-issues/components/page-buttons';
import {
  bountyIssuesEmptyState,
  EMPTY_BOUNTY_ISSUE_STATS,
  parseBountyIssueFilters,
  withFilterChange,
  withPage,
} from '@/features/bounty-issues/lib/bounty-issue-filters';
import { useErrorToast } from '@/lib/use-error-toast';
import { usePreloadMarkdown } from '@/features/issues/hooks/use-markdown';

/**
 * /maintainer/bounty-issues: the bounty issues the maintainer created, with
 * stats, search, status and difficulty filters and 20 per page. The query lives in the URL, so
 * reload and Back show the same page.
 */
export function BountyIssuesPage() {
  const { user } = useUser();
  const hasGithubUsername = Boolean(user?.githubUsername);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseBountyIssueFilters(searchParams);
  const query = useBountyIssues(filters, { enabled: hasGithubUsername });
  usePreloadMarkdown();
  useErrorToast(query.error, bountyIssuesErrorMessage, 'Could not load bounty issues');

  // On a failure the list and the stats are empty, not the last page's.
  const data = query.isError ? null : query.data;
  const pagination = data?.pagination;

  // A page past the end (the list shrank since the link was made) shows the last page.
  const lastPage = pagination?.totalPages ?? 0;
  useEffect(() => {
    if (lastPage > 0 && filters.page > lastPage) {
      setSearchParams((current) => withPage(current, lastPage), { replace: true });
    }
  }, [lastPage, filters.page, setSearchParams]);

  const pageHref = (page: number) => ({ search: withPage(searchParams, page).toString() });
  const clearFilters = () => {
    setSearchParams((current) =>
      withFilterChange(current, { status: 'all', difficulty: 'all', search: '' }),
    );
  };

  let list;
  if (!hasGithubUsername) {
    list = (
      <Alert>
        <AlertTitle>No GitHub username on your account</AlertTitle>
        <AlertDescription>
          <p>Bounty issues are listed for the GitHub account you signed up with.</p>
        </AlertDescription>
      </Alert>
    );
  } else if (query.isError) {
    list = (
      <QueryError
        title="We could not load your bounty issues."
        description={bountyIssuesErrorMessage(query.error)}
        isRetrying={query.isFetching}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  } else if (!data) {
    list = <PageLoading label="Loading bounty issues..." className="min-h-48" />;
  } else {
    const empty = bountyIssuesEmptyState(filters, data);
    if (empty === 'none-yet') list = <NoBountyIssuesYet />;
    else if (empty === 'no-match') list = <NoBountyIssuesMatch onClear={clearFilters} />;
    else {
      list = (
        <ul
          className="grid gap-4 md:grid-cols-2"
          aria-label="Bounty issues"
          aria-busy={query.isPlaceholderData}
        >
          {data.issues.map((issue) => (
            <li key={issue.id} className="grid">
              <BountyIssueCard issue={issue} />
            </li>
          ))}
        </ul>
      );
    }
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Bounty Issues by Me"
        titleClassName="font-semibold"
        description="The issues you created with a stake and a bounty, and how they are going."
        actions={
          <Link to="/maintainer/new-issue" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            Create New Issue
          </Link>
        }
      />

      <BountyIssueStats stats={data?.stats ?? EMPTY_BOUNTY_ISSUE_STATS} />

      <BountyIssueFiltersBar
        filters={filters}
        onChange={(change) => {
          setSearchParams((current) => withFilterChange(current, change), {
            replace: change.search !== undefined,
          });
        }}
      />

      {pagination && data && data.issues.length > 0 && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Showing {formatNumber((pagination.currentPage - 1) * pagination.itemsPerPage + 1)}–
          {formatNumber(
            Math.min(pagination.currentPage * pagination.itemsPerPage, pagination.totalItems),
          )}{' '}
          of {formatNumber(pagination.totalItems)} issues
        </p>
      )}

      {list}

      {pagination && (
        <PageButtons
          currentPage={pagination.currentPage}
          totalPages={pagination.totalPages}
          pageHref={pageHref}
        />
      )}
    </div>
  );
}
