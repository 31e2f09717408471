import { RefreshCw, SearchX } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { useErrorToast } from '@/lib/use-error-toast';
import { GithubRequiredNotice } from '@/features/github/components/github-required-notice';
import { isGithubAuthRequired } from '@/features/github/lib/github-auth-error';
import {
  suggestedIssuesErrorMessage,
  useSuggestedIssues,
} from '@/features/issues/api/suggested-issues';
import { OpenGithubIssueForm } from '@/features/issues/components/open-github-issue-form';
import { SuggestedIssueCard } from '@/features/issues/components/suggested-issue-card';
import { AnalyzeRepositoriesButton } from '@/features/repository-analysis/components/analyze-repositories-button';
import { usePreloadMarkdown } from '@/features/issues/hooks/use-markdown';

/** Suggested Issues: open issues in the contributor's languages, ready to stake. */
export function SuggestedIssuesTab() {
  const issues = useSuggestedIssues();
  usePreloadMarkdown();
  useErrorToast(issues.error, suggestedIssuesErrorMessage, 'Could not load suggested issues');

  let body;
  if (issues.data && issues.data.length > 0) {
    body = (
      <div className="grid gap-4 md:grid-cols-2">
        {issues.data.map((issue) => (
          <SuggestedIssueCard key={issue.id} issue={issue} />
        ))}
      </div>
    );
  } else if (issues.data) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No Issues Found"
        description="Analyze your repositories first to get personalized issue suggestions."
      />
    );
  } else if (issues.isPending) {
    body = <PageLoading label="Loading suggested issues..." className="min-h-48" />;
  } else if (isGithubAuthRequired(issues.error)) {
    body = (
      <GithubRequiredNotice reason="Suggested issues are matched to the languages of your GitHub repositories." />
    );
  } else {
    body = (
      <QueryError
        title="We could not load suggested issues."
        isRetrying={issues.isFetching}
        onRetry={() => {
          void issues.refetch();
        }}
      />
    );
  }

  return (
    <section aria-labelledby="suggested-issues-title" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 id="suggested-issues-title" className="text-xl font-semibold tracking-tight">
            Suggested Issues
          </h2>
          <p className="text-sm text-muted-foreground">
            Open issues that match the languages you work in.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={issues.isFetching}
            onClick={() => {
              void issues.refetch();
            }}
          >
            <RefreshCw aria-hidden="true" className={issues.isFetching ? 'animate-spin' : ''} />
            Refresh
          </Button>
          <AnalyzeRepositoriesButton size="sm" label="Analyze Repos" />
        </div>
      </div>
      <OpenGithubIssueForm />
      {body}
    </section>
  );
}
