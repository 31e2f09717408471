import type { MaintainerRepository } from '@openstake/core';
import { useQueryClient } from '@tanstack/react-query';
import { GitPullRequest, GitPullRequestCreate, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { LoadMoreButton } from '@/components/load-more-button';
import { LoadError } from '@/components/load-error';
import { ExternalLink } from '@/components/external-link';
import { PageLoading } from '@/components/page-loading';
import { useAppConfig } from '@/features/app-config/api/app-config';
import { SearchInput } from '@/components/search-input';
import { buttonVariants } from '@/components/ui/button-variants';
import { uniqueByNumber } from '@/lib/github-pages';
import { GithubRequiredNotice } from '@/features/github/components/github-required-notice';
import { isGithubAuthRequired } from '@/features/github/lib/github-auth-error';
import { readRepositoryNavigationState } from '@/features/maintainer-repositories/lib/repository-paths';
import { pullRequestsErrorText, usePullRequests } from '../api/pull-requests';
import { compareUrl, filterPullRequests, repositoryWebUrl } from '../lib/pull-request-display';
import { PullRequestCard } from './pull-request-card';
import { maintainerRepositoriesKeys } from '@/features/maintainer-repositories/api/query-keys';
import { usePreloadMarkdown } from '@/features/issues/hooks/use-markdown';

export const NO_PULL_REQUESTS_TEXT = 'No open pull requests.';
export const NO_MATCHING_PULL_REQUESTS_TEXT = 'No pull requests match your search.';

/** The repository's GitHub address from what the dashboard handed over or already loaded. */
function useKnownRepositoryUrl(owner: string, repo: string): string | null {
  const location = useLocation();
  const queryClient = useQueryClient();
  const fromState = readRepositoryNavigationState(location.state);
  if (fromState && fromState.owner === owner && fromState.name === repo) return fromState.htmlUrl;
  const listed = queryClient.getQueryData<MaintainerRepository[]>(maintainerRepositoriesKeys.list);
  return listed?.find((r) => r.owner === owner && r.name === repo)?.html_url ?? null;
}

/** Search, the cards and 'Load more' over a repository's open pull requests. */
export function PullRequestList({ owner, repo }: { owner: string; repo: string }) {
  const [search, setSearch] = useState('');
  const [now] = useState(() => new Date());
  const pulls = usePullRequests(owner, repo);
  usePreloadMarkdown();
  const knownUrl = useKnownRepositoryUrl(owner, repo);
  const config = useAppConfig();
  const all = pulls.data ? uniqueByNumber(pulls.data.pages) : [];
  const shown = filterPullRequests(all, search);
  const webUrl = repositoryWebUrl(owner, repo, {
    fromNavigation: knownUrl,
    pullRequestUrl: all[0]?.html_url ?? null,
    githubWebUrl: config.data?.githubWebUrl ?? null,
  });

  let body;
  if (pulls.data) {
    if (all.length === 0) {
      body = (
        <EmptyState
          icon={GitPullRequest}
          title={NO_PULL_REQUESTS_TEXT}
          description="Pull requests opened on GitHub show up here for review."
          action={
            <ExternalLink href={compareUrl(webUrl)} className={buttonVariants()}>
              <GitPullRequestCreate aria-hidden="true" />
              Create PR
            </ExternalLink>
          }
        />
      );
    } else if (shown.length === 0) {
      body = <EmptyState icon={SearchX} title={NO_MATCHING_PULL_REQUESTS_TEXT} />;
    } else {
      body = (
        <div className="grid grid-cols-1 gap-4">
          {shown.map((pr) => (
            <PullRequestCard key={pr.number} owner={owner} repo={repo} pullRequest={pr} now={now} />
          ))}
        </div>
      );
    }
  } else if (pulls.isPending) {
    body = <PageLoading label="Loading PRs…" className="min-h-48" />;
  } else if (isGithubAuthRequired(pulls.error)) {
    body = <GithubRequiredNotice reason="Pull requests are read from GitHub with your account." />;
  } else {
    body = (
      <LoadError
        message={pullRequestsErrorText(pulls.error)}
        isRetrying={pulls.isFetching}
        onRetry={() => {
          void pulls.refetch();
        }}
      />
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <SearchInput
        className="max-w-sm"
        aria-label="Search pull requests by title or author"
        placeholder="Search by title or author..."
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
        }}
      />
      {body}
      {pulls.data && pulls.isFetchNextPageError && (
        <LoadError
          message={pullRequestsErrorText(pulls.error)}
          isRetrying={pulls.isFetchingNextPage}
          onRetry={() => {
            void pulls.fetchNextPage();
          }}
        />
      )}
      {!pulls.isFetchNextPageError && <LoadMoreButton pages={pulls} />}
    </div>
  );
}
