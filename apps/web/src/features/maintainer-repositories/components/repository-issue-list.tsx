import { CircleDot } from 'lucide-react';
import { useEffect } from 'react';

import { EmptyState } from '@/components/empty-state';
import { LoadMoreButton } from '@/components/load-more-button';
import { PageLoading } from '@/components/page-loading';
import { GithubRequiredNotice } from '@/features/github/components/github-required-notice';
import { isGithubAuthRequired } from '@/features/github/lib/github-auth-error';
import { LoadError } from '@/components/load-error';
import { uniqueByNumber } from '@/lib/github-pages';
import { repositoryIssuesErrorText, useRepositoryIssues } from '../api/repository-issues';
import { RepositoryIssueCard } from './repository-issue-card';
import { usePreloadMarkdown } from '@/features/issues/hooks/use-markdown';

export const NO_ISSUES_TEXT = 'No open issues for this repository.';

/** A repository's open issues, 30 at a time. */
export function RepositoryIssueList({ owner, repo }: { owner: string; repo: string }) {
  const issues = useRepositoryIssues(owner, repo);
  usePreloadMarkdown();
  const all = issues.data ? uniqueByNumber(issues.data.pages.map((page) => page.data)) : [];
  // GitHub's pages count pull requests: pages of nothing but pull requests are read on until an
  // issue or the last page, so the empty state is never shown while issues are still to come.
  const readingOn = all.length === 0 && issues.hasNextPage && !issues.isFetchNextPageError;
  const { fetchNextPage, isFetchingNextPage } = issues;
  useEffect(() => {
    if (readingOn && !isFetchingNextPage) void fetchNextPage();
  }, [readingOn, isFetchingNextPage, fetchNextPage]);

  if (!issues.data) {
    if (issues.isPending) return <PageLoading label="Loading issues…" className="min-h-48" />;
    if (isGithubAuthRequired(issues.error)) {
      return <GithubRequiredNotice reason="Issues are read from GitHub with your account." />;
    }
    return (
      <LoadError
        message={repositoryIssuesErrorText(issues.error)}
        isRetrying={issues.isFetching}
        onRetry={() => {
          void issues.refetch();
        }}
      />
    );
  }

  if (readingOn) return <PageLoading label="Loading issues…" className="min-h-48" />;
  return (
    <div className="grid grid-cols-1 gap-4">
      {all.length > 0 ? (
        <div className="grid grid-cols-1 gap-4">
          {all.map((issue) => (
            <RepositoryIssueCard key={issue.number} issue={issue} />
          ))}
        </div>
      ) : (
        // With a page still to read (its load failed: retry below), there may be issues yet.
        !issues.hasNextPage && <EmptyState icon={CircleDot} title={NO_ISSUES_TEXT} />
      )}
      {issues.isFetchNextPageError && (
        <LoadError
          message={repositoryIssuesErrorText(issues.error)}
          isRetrying={issues.isFetchingNextPage}
          onRetry={() => {
            void issues.fetchNextPage();
          }}
        />
      )}
      {!issues.isFetchNextPageError && <LoadMoreButton pages={issues} />}
    </div>
  );
}
