import type { PullRequest } from '@openstake/core';
import { CirclePlus, GitMerge } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/api-error';
import { formatDate } from '@/lib/format-date';
import { openIssuePath } from '@/features/maintainer-repositories/lib/repository-paths';
import { MergeFeedbackDialog } from './merge-feedback-dialog';
import { PULL_REQUEST_FALLBACK_MESSAGE, usePullRequest } from '../api/pull-requests';
import { mergeableStateLabel, stateLabel } from '../lib/pull-request-display';
import { ClosePullRequestButton } from './close-pull-request-button';
import { SpamMarkButton } from './spam-mark-button';
import { VouchAuthorActions } from './vouch-author-actions';

export const DRAFT_MERGE_HINT = 'A draft pull request cannot be merged.';

interface PullRequestDetailsProps {
  id: string;
  owner: string;
  repo: string;
  pullRequest: PullRequest;
}

/**
 * The details panel: the single pull request's state, mergeability, dates and
 * size, with Close PR, Merge PR and the way to the pull request's new-issue page, which
 * gets the title in navigation state; for one closed without a merge, Mark as spam (or its undo).
 */
export function PullRequestDetails({ id, owner, repo, pullRequest }: PullRequestDetailsProps) {
  const detail = usePullRequest(owner, repo, pullRequest.number, true);
  const [mergeOpen, setMergeOpen] = useState(false);
  const pr = detail.data ?? pullRequest;
  const hintId = `${id}-draft`;
  // Closed without a merge: nothing to close or merge, but it may be marked as spam.
  const closedUnmerged =
    detail.data && detail.data.state === 'closed' && !detail.data.merged ? detail.data : null;

  return (
    <section id={id} aria-label={`Details of pull request #${String(pullRequest.number)}`}>
      <div className="grid gap-4 rounded-lg border bg-muted/40 p-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Detail label="State">{stateLabel(pr.state)}</Detail>
          <Detail label="Mergeable state">
            {detail.data ? mergeableStateLabel(detail.data.mergeable_state) : <Pending />}
          </Detail>
          <Detail label="Created">
            <time dateTime={pr.created_at}>{formatDate(pr.created_at)}</time>
          </Detail>
          <Detail label="Updated">
            <time dateTime={pr.updated_at}>{formatDate(pr.updated_at)}</time>
          </Detail>
          <Detail label="Changes">
            {detail.data ? (
              <>
                <span className="text-success">+{detail.data.additions}</span>{' '}
                <span className="text-destructive">−{detail.data.deletions}</span>
                <span className="sr-only">
                  {' '}
                  ({detail.data.additions} additions, {detail.data.deletions} deletions)
                </span>
              </>
            ) : (
              <Pending />
            )}
          </Detail>
          <Detail label="Changed files">
            {detail.data ? detail.data.changed_files : <Pending />}
          </Detail>
          {detail.data && detail.data.assignees.length > 0 && (
            <Detail label="Assignees">
              {detail.data.assignees.map((a) => a.login).join(', ')}
            </Detail>
          )}
          {detail.data && detail.data.requested_reviewers.length > 0 && (
            <Detail label="Requested reviewers">
              {detail.data.requested_reviewers.map((r) => r.login).join(', ')}
            </Detail>
          )}
        </dl>

        {detail.isError && !detail.data && (
          <LoadError
            message={errorMessage(detail.error, PULL_REQUEST_FALLBACK_MESSAGE)}
            isRetrying={detail.isFetching}
            onRetry={() => {
              void detail.refetch();
            }}
          />
        )}

        {closedUnmerged ? (
          <div className="flex flex-wrap items-center gap-2">
            <SpamMarkButton
              owner={owner}
              repo={repo}
              number={pullRequest.number}
              author={pr.user.login}
              marked={closedUnmerged.spamMarked}
            />
            <VouchAuthorActions owner={owner} repo={repo} author={pr.user.login} />
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <ClosePullRequestButton owner={owner} repo={repo} number={pullRequest.number} />
            <Button
              size="sm"
              disabled={pr.draft}
              aria-describedby={pr.draft ? hintId : undefined}
              onClick={() => {
                setMergeOpen(true);
              }}
            >
              <GitMerge aria-hidden="true" />
              Merge PR
            </Button>
            <Link
              to={openIssuePath(owner, repo, pullRequest.number)}
              state={{ owner, repo, title: pr.title }}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <CirclePlus aria-hidden="true" />
              New Issue for PR
            </Link>
            <VouchAuthorActions owner={owner} repo={repo} author={pr.user.login} />
            {pr.draft && (
              <p id={hintId} className="text-xs text-muted-foreground">
                {DRAFT_MERGE_HINT}
              </p>
            )}
          </div>
        )}
      </div>
      <MergeFeedbackDialog
        owner={owner}
        repo={repo}
        pullRequest={pullRequest}
        open={mergeOpen}
        onOpenChange={setMergeOpen}
      />
    </section>
  );
}

function Pending() {
  return (
    <span className="inline-flex items-center gap-1 text-muted-foreground">
      <Spinner className="size-3" />
      <span className="sr-only">Loading</span>
    </span>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 sm:justify-start">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium sm:text-left">{children}</dd>
    </div>
  );
}
