import { FolderGit2, RefreshCw } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAnalyzeRepositories, useIsAnalyzing } from '../api/analyze-repositories';
import { useRepositoryAnalysis } from '../api/repository-analysis';
import { RepositoryList } from './repository-list';

/**
 * The first ten repositories of the latest analysis. 'Sync with GitHub' runs a new analysis,
 * which reads the repositories from GitHub again.
 */
export function AnalysisRepositories() {
  const analysis = useRepositoryAnalysis();
  const analyze = useAnalyzeRepositories();
  const isAnalyzing = useIsAnalyzing();
  const repositories = analysis.data?.repositories ?? [];
  const sync = () => {
    analyze.mutate();
  };

  let body;
  if (analysis.isPending) {
    body = <PageLoading label="Loading repositories..." className="min-h-24" />;
  } else if (analysis.isError && !analysis.data) {
    body = (
      <QueryError
        title="We could not load your repositories."
        isRetrying={analysis.isFetching}
        onRetry={() => {
          void analysis.refetch();
        }}
      />
    );
  } else if (repositories.length === 0) {
    body = (
      <EmptyState
        icon={FolderGit2}
        title="No repositories found"
        className="py-8"
        action={
          <Button size="sm" disabled={isAnalyzing} onClick={sync}>
            {isAnalyzing ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {isAnalyzing ? 'Syncing...' : 'Sync Repositories'}
          </Button>
        }
      />
    );
  } else {
    body = <RepositoryList repositories={repositories} />;
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Your public repositories, latest first.</p>
        {repositories.length > 0 && (
          <Button variant="outline" size="sm" disabled={isAnalyzing} onClick={sync}>
            <RefreshCw aria-hidden="true" className={isAnalyzing ? 'animate-spin' : ''} />
            {isAnalyzing ? 'Syncing...' : 'Sync with GitHub'}
          </Button>
        )}
      </div>
      {body}
    </div>
  );
}
