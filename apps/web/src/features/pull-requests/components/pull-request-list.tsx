import { QUEUE_LIMIT, type MaintainerRepository, type PullRequest } from '@openstake/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  ChevronDown,
  ChevronUp,
  GitPullRequest,
  GitPullRequestCreate,
  RefreshCw,
  SearchX,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { ExternalLink } from '@/components/external-link';
import { PageLoading } from '@/components/page-loading';
import { useAppConfig } from '@/features/app-config/api/app-config';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { GithubRequiredNotice } from '@/features/github/components/github-required-notice';
import { isGithubAuthRequired } from '@/features/github/lib/github-auth-error';
import { readRepositoryNavigationState } from '@/features/maintainer-repositories/lib/repository-paths';
import {
  pullRequestsErrorText,
  usePullRequests,
  useRefreshPullRequests,
} from '../api/pull-requests';
import {
  compareUrl,
  filterPullRequests,
  readAtText,
  repositoryWebUrl,
  unstakedOnBountiesText,
} from '../lib/pull-request-display';
import { PullRequestCard } from './pull-request-card';
import { maintainerRepositoriesKeys } from '@/features/maintainer-repositories/api/query-keys';
import { usePreloadMarkdown } from '@/features/issues/hooks/use-markdown';

export const NO_PULL_REQUESTS_TEXT = 'No open pull requests.';
export const NO_MATCHING_PULL_REQUESTS_TEXT = 'No pull requests match your search.';
export const RECENTLY_CLOSED_TITLE = 'Recently closed without a merge';

/** The repository's GitHub address from what the dashboard handed over or already loaded. */
function useKnownRepositoryUrl(owner: string, repo: string): string | null {
  const location = useLocation();
  const queryClient = useQueryClient();
  const fromState = readRepositoryNavigationState(location.state);
  if (fromState && fromState.owner === owner && fromState.name === repo) return fromState.htmlUrl;
  const listed = queryClient.getQueryData<MaintainerRepository[]>(maintainerRepositoriesKeys.list);
  return listed?.find((r) => r.owner === owner && r.name === repo)?.html_url ?? null;
}

/** Search, then the queue's cards, the fold of unstaked ones on bounty issues, the recently closed. */
export function PullRequestList({ owner, repo }: { owner: string; repo: string }) {
  const [search, setSearch] = useState('');
  const [now] = useState(() => new Date());
  const [unfolded, setUnfolded] = useState(false);
  const foldId = useId();
  const pulls = usePullRequests(owner, repo);
  const refresh = useRefreshPullRequests(owner, repo);
  usePreloadMarkdown();
  const knownUrl = useKnownRepositoryUrl(owner, repo);
  const config = useAppConfig();
  const queue = pulls.data;
  const shown = filterPullRequests(queue?.pullRequests ?? [], search);
  const folded = filterPullRequests(queue?.unstakedOnBounties ?? [], search);
  const closed = filterPullRequests(queue?.recentlyClosed ?? [], search);
  const webUrl = repositoryWebUrl(owner, repo, {
    fromNavigation: knownUrl,
    pullRequestUrl:
      queue?.pullRequests[0]?.html_url ?? queue?.unstakedOnBounties[0]?.html_url ?? null,
    githubWebUrl: config.data?.githubWebUrl ?? null,
  });
  const card = (pr: PullRequest) => (
    <PullRequestCard key={pr.number} owner={owner} repo={repo} pullRequest={pr} now={now} />
  );

  let body;
  if (queue) {
    const open = queue.pullRequests.length + queue.unstakedOnBounties.length;
    if (open === 0 && queue.recentlyClosed.length === 0) {
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
    } else if (shown.length + folded.length + closed.length === 0) {
      body = <EmptyState icon={SearchX} title={NO_MATCHING_PULL_REQUESTS_TEXT} />;
    } else {
      body = (
        <>
          {open === 0 && <p className="text-sm text-muted-foreground">{NO_PULL_REQUESTS_TEXT}</p>}
          {shown.length > 0 && (
            <section aria-label="Queue" className="grid grid-cols-1 gap-4">
              {shown.map(card)}
            </section>
          )}
          {folded.length > 0 && (
            <section aria-label="Unstaked pull requests on bounty issues" className="grid gap-4">
              <Button
                variant="outline"
                className="justify-start"
                aria-expanded={unfolded}
                aria-controls={unfolded ? foldId : undefined}
                onClick={() => {
                  setUnfolded((value) => !value);
                }}
              >
                {unfolded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
                {unstakedOnBountiesText(folded.length)}
              </Button>
              {unfolded && (
                <div id={foldId} className="grid grid-cols-1 gap-4">
                  {folded.map(card)}
                </div>
              )}
            </section>
          )}
          {queue.truncated && (
            <p className="text-sm text-muted-foreground">
              The queue holds the oldest {QUEUE_LIMIT.toLocaleString('en-US')} open pull requests;
              newer ones are on GitHub.
            </p>
          )}
          {closed.length > 0 && (
            <section aria-labelledby={`${foldId}-closed`} className="grid grid-cols-1 gap-4">
              <h2 id={`${foldId}-closed`} className="text-sm font-semibold text-muted-foreground">
                {RECENTLY_CLOSED_TITLE}
              </h2>
              {closed.map(card)}
            </section>
          )}
        </>
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
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SearchInput
          className="max-w-sm"
          aria-label="Search pull requests by title or author"
          placeholder="Search by title or author..."
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
        {queue && (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <span aria-live="polite">
              {refresh.isError
                ? `Could not read GitHub again: ${pullRequestsErrorText(refresh.error)}`
                : readAtText(queue.readAt)}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={refresh.isPending}
              onClick={() => {
                refresh.mutate();
              }}
            >
              <RefreshCw aria-hidden="true" className={refresh.isPending ? 'animate-spin' : ''} />
              {refresh.isPending ? 'Refreshing…' : 'Refresh'}
            </Button>
          </div>
        )}
      </div>
      {body}
    </div>
  );
}
