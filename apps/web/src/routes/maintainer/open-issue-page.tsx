import type { CreatedBountyIssue } from '@openstake/core';
import { ArrowLeft, FileQuestion, GitPullRequest, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { ExternalLink } from '@/components/external-link';
import { PageLoading } from '@/components/page-loading';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { errorMessage } from '@/lib/api/api-error';
import { IssueCreatedBox } from '@/features/bounty-issues/components/issue-form-feedback';
import { IssueFormLayout } from '@/features/bounty-issues/components/issue-form-layout';
import { IssueFormSection } from '@/features/bounty-issues/components/issue-form-section';
import { IssueTextField } from '@/features/bounty-issues/components/issue-text-field';
import { MarkdownField } from '@/features/bounty-issues/components/markdown-field';
import { StakeBountySection } from '@/features/bounty-issues/components/stake-bounty-section';
import { useGoBack } from '@/features/bounty-issues/hooks/use-go-back';
import { useIssueForm } from '@/features/bounty-issues/hooks/use-issue-form';
import { EMPTY_ISSUE_FORM } from '@/features/bounty-issues/lib/issue-form';
import { REPOSITORIES_PATH } from '@/features/maintainer-repositories/lib/repository-paths';
import { usePullRequest } from '@/features/pull-requests/api/pull-requests';
import {
  bountyBodyFor,
  bountyTitleFor,
  OPEN_ISSUE_DEFAULT_STAKE,
  parsePullRequestNumber,
  readOpenIssueSource,
} from '@/features/bounty-issues/lib/open-issue-prefill';

/**
 * /maintainer/open-issue/:number: a bounty issue opened for a pull request. The
 * pull request's repository and title come from the PR list's navigation state, or from
 * ?owner=&repo= and a fetch of the pull request when the page is reloaded or linked to.
 */
export function OpenIssuePage() {
  const params = useParams();
  const number = parsePullRequestNumber(params.number);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const source = readOpenIssueSource(location.state, searchParams);
  const { owner, repo } = source;
  const needsFetch = number !== null && owner !== null && repo !== null && source.title === null;
  // The same query (and cache entry) as the pull request list's details panel.
  const pullRequest = usePullRequest(owner ?? '', repo ?? '', number ?? 0, needsFetch);

  if (number === null) {
    return (
      <Missing
        title="Pull request not found"
        description="This address does not name a pull request number."
      />
    );
  }
  if (owner === null || repo === null) {
    return (
      <Missing
        title="Missing repo info"
        description="Open this page from a repository's pull request list."
      />
    );
  }
  if (needsFetch && pullRequest.isPending) {
    return <PageLoading label={`Loading pull request #${String(number)}...`} />;
  }

  const prTitle = source.title ?? pullRequest.data?.title ?? null;
  return (
    <OpenIssueForm
      key={`${owner}/${repo}#${String(number)}`}
      owner={owner}
      repo={repo}
      number={number}
      prTitle={prTitle}
      prUrl={pullRequest.data?.html_url ?? null}
      loadError={
        pullRequest.isError
          ? errorMessage(pullRequest.error, 'The pull request could not be loaded.')
          : null
      }
    />
  );
}

function Missing({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      icon={FileQuestion}
      headingLevel="h1"
      title={title}
      description={description}
      className="mx-auto max-w-xl"
      action={
        <Link to={REPOSITORIES_PATH} className={buttonVariants()}>
          <ArrowLeft aria-hidden="true" />
          Back to Repositories
        </Link>
      }
    />
  );
}

interface OpenIssueFormProps {
  owner: string;
  repo: string;
  number: number;
  prTitle: string | null;
  prUrl: string | null;
  loadError: string | null;
}

function OpenIssueForm({ owner, repo, number, prTitle, prUrl, loadError }: OpenIssueFormProps) {
  const [done, setDone] = useState<CreatedBountyIssue | null>(null);
  const form = useIssueForm(
    () => ({
      ...EMPTY_ISSUE_FORM,
      owner,
      repo,
      title: bountyTitleFor(prTitle),
      body: bountyBodyFor(number),
      stake: String(OPEN_ISSUE_DEFAULT_STAKE),
    }),
    { pullRequestNumber: number, onCreated: setDone },
  );
  const goBack = useGoBack(REPOSITORIES_PATH);

  const heading = (
    <header className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">New Issue for PR #{number}</h1>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
        <GitPullRequest aria-hidden="true" className="size-4" />
        <span className="wrap-anywhere">
          {owner}/{repo}
        </span>
        {prUrl && (
          <ExternalLink href={prUrl} className="font-medium text-primary hover:underline">
            View pull request
          </ExternalLink>
        )}
      </p>
    </header>
  );

  if (done) {
    return (
      <div className="grid gap-6">
        {heading}
        <IssueCreatedBox created={done} />
        <div className="flex flex-wrap gap-2">
          <Link to="/maintainer/bounty-issues" className={buttonVariants()}>
            <ListChecks aria-hidden="true" />
            View my bounty issues
          </Link>
          <Link to={REPOSITORIES_PATH} className={buttonVariants({ variant: 'outline' })}>
            Back to Repositories
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      {heading}
      {loadError && (
        <Alert variant="destructive" role="status">
          <AlertTitle>Could not load pull request #{number}</AlertTitle>
          <AlertDescription>
            <p>{loadError} You can still write the title yourself.</p>
          </AlertDescription>
        </Alert>
      )}

      <IssueFormLayout
        form={form}
        label={`New issue for pull request #${String(number)}`}
        submitLabel="Create Issue"
        onCancel={goBack}
      >
        <IssueFormSection
          title="Issue"
          description={
            <>
              Created in {owner}/{repo}, referring to pull request #{number}.
            </>
          }
          contentClassName="grid gap-5"
        >
          <IssueTextField
            {...form.field('title')}
            label="Title"
            autoComplete="off"
            maxLength={256}
            required
          />
          <MarkdownField {...form.field('body')} label="Description" />
        </IssueFormSection>

        <StakeBountySection
          form={form}
          description={
            <>Whole coins, 1 or more. The stake starts at {OPEN_ISSUE_DEFAULT_STAKE} coins.</>
          }
        />
      </IssueFormLayout>
    </div>
  );
}
