import { Code2, RefreshCw } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { useAnalyzeRepositories, useIsAnalyzing } from '../api/analyze-repositories';
import { useRepositoryAnalysis } from '../api/repository-analysis';
import { AnalyzeRepositoriesButton } from './analyze-repositories-button';
import { LanguageList } from './language-list';

interface AnalysisLanguagesProps {
  /** Show the 'Refresh' button above the list (the settings tab). */
  refreshable?: boolean;
  /** Show how many repositories use each language. */
  showRepositories?: boolean;
  /** Show only the first few languages (the profile sidebar). */
  limit?: number;
  /** Offer 'Analyze Repositories' when there is no data (only for one's own profile). */
  canAnalyze?: boolean;
}

/** The languages of the latest repository analysis, with its loading and empty states. */
export function AnalysisLanguages({
  refreshable = false,
  showRepositories = false,
  limit,
  canAnalyze = true,
}: AnalysisLanguagesProps) {
  const analysis = useRepositoryAnalysis();
  const analyze = useAnalyzeRepositories();
  const isAnalyzing = useIsAnalyzing();
  const languages = analysis.data?.languages ?? [];

  let body;
  if (analysis.isPending) {
    body = <PageLoading label="Loading languages..." className="min-h-24" />;
  } else if (analysis.isError && !analysis.data) {
    body = (
      <QueryError
        title="We could not load your languages."
        isRetrying={analysis.isFetching}
        onRetry={() => {
          void analysis.refetch();
        }}
      />
    );
  } else if (languages.length === 0) {
    body = (
      <EmptyState
        icon={Code2}
        title="No language data available"
        className="py-8"
        action={
          canAnalyze ? (
            <AnalyzeRepositoriesButton size="sm" label="Analyze Repositories" />
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <LanguageList
        languages={limit === undefined ? languages : languages.slice(0, limit)}
        showRepositories={showRepositories}
      />
    );
  }

  if (!refreshable) return body;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Share of your code by language, from your public repositories.
        </p>
        {languages.length > 0 && (
          <Button
            variant="outline"
            size="sm"
            disabled={isAnalyzing}
            onClick={() => {
              analyze.mutate();
            }}
          >
            <RefreshCw aria-hidden="true" className={isAnalyzing ? 'animate-spin' : ''} />
            {isAnalyzing ? 'Analyzing...' : 'Refresh'}
          </Button>
        )}
      </div>
      {body}
    </div>
  );
}
