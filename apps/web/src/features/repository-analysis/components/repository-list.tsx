import { formatNumber } from '@openstake/core';
import type { RepositorySummary } from '@openstake/core';
import { ExternalLink as ExternalLinkIcon, GitFork } from 'lucide-react';

import { ExternalLink } from '@/components/external-link';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatDate } from '@/lib/format-date';
import { RepositoryLanguage } from '@/features/issues/components/repository-language';
import { StarCount } from '@/features/issues/components/star-count';

/** The profile shows 10 repositories. */
export const REPOSITORIES_SHOWN = 10;

/** The first ten repositories with their description, language, stars, forks and last update. */
export function RepositoryList({ repositories }: { repositories: readonly RepositorySummary[] }) {
  return (
    <ul className="grid gap-3" aria-label="Repositories">
      {repositories.slice(0, REPOSITORIES_SHOWN).map((repository) => (
        <li
          key={repository.id}
          data-testid="repository-row"
          className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="grid min-w-0 gap-1.5">
            <h3 className="font-semibold wrap-anywhere">{repository.name}</h3>
            <p className="text-sm break-words text-muted-foreground">
              {repository.description?.trim() ? repository.description : 'No description provided'}
            </p>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
              {repository.language && <RepositoryLanguage language={repository.language} />}
              <StarCount count={repository.stargazersCount} />
              <span className="inline-flex items-center gap-1">
                <GitFork aria-hidden="true" className="size-3.5" />
                {formatNumber(repository.forksCount)}
                <span className="sr-only"> forks</span>
              </span>
              <span>
                Updated{' '}
                <time dateTime={repository.updatedAt}>{formatDate(repository.updatedAt)}</time>
              </span>
            </p>
          </div>
          <ExternalLink
            href={repository.htmlUrl}
            className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}
          >
            <ExternalLinkIcon aria-hidden="true" />
            View<span className="sr-only"> {repository.name} on GitHub</span>
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
