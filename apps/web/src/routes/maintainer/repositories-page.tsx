import { PageHeader } from '@/components/page-header';
import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { GithubAccountCard } from '@/features/github/components/github-account-card';
import { isGithubAuthRequired } from '@/features/github/lib/github-auth-error';
import {
  repositoriesErrorText,
  useMaintainerRepositories,
} from '@/features/maintainer-repositories/api/maintainer-repositories';
import { RepositoryBrowser } from '@/features/maintainer-repositories/components/repository-browser';

/** /maintainer/dashboard: the maintainer's GitHub repositories. */
export function RepositoriesPage() {
  const repositories = useMaintainerRepositories();

  let body;
  if (repositories.data) {
    body = <RepositoryBrowser repositories={repositories.data} />;
  } else if (repositories.isPending) {
    body = <PageLoading label="Loading repositories..." className="min-h-48" />;
  } else if (isGithubAuthRequired(repositories.error)) {
    // The list comes from GitHub as the maintainer: nothing to show until GitHub is linked.
    body = <GithubAccountCard role="maintainer" />;
  } else {
    body = (
      <QueryError
        title={repositoriesErrorText(repositories.error)}
        isRetrying={repositories.isFetching}
        onRetry={() => {
          void repositories.refetch();
        }}
      />
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Repositories"
        description="Connect your GitHub repositories to OpenStake, then review their pull requests and issues."
      />
      {body}
    </div>
  );
}
