import { BOUNTY_PRESETS, STAKE_PRESETS, type CreatedBountyIssue } from '@openstake/core';
import { ArrowLeft, FileQuestion, GitPullRequest, ListChecks } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';

import { EmptyState } from '../../components/empty-state';
import { ExternalLink } from '../../components/external-link';
import { PageLoading } from '../../components/page-loading';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { buttonVariants } from '../../components/ui/button-variants';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorMessage } from '../../lib/api/api-error';
import { useMaintainerBalance } from '../../features/bounty-issues/api/maintainer-balance';
import { usePullRequest } from '../../features/bounty-issues/api/pull-request';
import { CoinAmountField } from '../../features/bounty-issues/components/coin-amount-field';
import {
  IssueCreatedBox,
  IssueFormErrorBox,
} from '../../features/bounty-issues/components/issue-form-feedback';
import { IssueFormActions } from '../../features/bounty-issues/components/issue-form-actions';
import { MarkdownField } from '../../features/bounty-issues/components/markdown-field';
import { TransactionSummaryCard } from '../../features/bounty-issues/components/transaction-summary-card';
import { useBountyIssueSubmit } from '../../features/bounty-issues/hooks/use-bounty-issue-submit';
import { useGoBack } from '../../features/bounty-issues/hooks/use-go-back';
import {
  EMPTY_ISSUE_FORM,
  isMissingRequiredField,
  type IssueFormField,
  type IssueFormValues,
} from '../../features/bounty-issues/lib/issue-form';
import {
  bountyBodyFor,
  bountyTitleFor,
  OPEN_ISSUE_DEFAULT_STAKE,
  parsePullRequestNumber,
  readOpenIssueSource,
} from '../../features/bounty-issues/lib/open-issue-prefill';
import { transactionSummary } from '../../features/bounty-issues/lib/transaction-summary';

const REPOSITORIES = '/maintainer/dashboard';

/**
 * /maintainer/open-issue/:number (spec 001 s2.8): a bounty issue opened for a pull request. The
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
  const pullRequest = usePullRequest(needsFetch ? { owner, repo, number } : null);

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
        <Link to={REPOSITORIES} className={buttonVariants()}>
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
  const ids = useId();
  const errorId = `${ids}-error`;
  const [values, setValues] = useState<IssueFormValues>(() => ({
    ...EMPTY_ISSUE_FORM,
    owner,
    repo,
    title: bountyTitleFor(prTitle),
    body: bountyBodyFor(number),
    stake: String(OPEN_ISSUE_DEFAULT_STAKE),
  }));
  const [done, setDone] = useState<CreatedBountyIssue | null>(null);
  const balance = useMaintainerBalance();
  const goBack = useGoBack(REPOSITORIES);
  const { submit, isSubmitting, error } = useBountyIssueSubmit({ onCreated: setDone });

  const set =
    <K extends IssueFormField>(field: K) =>
    (value: IssueFormValues[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
    };
  const invalid = (field: IssueFormField) => error?.field === field;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(values, number);
  };

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
          <Link to={REPOSITORIES} className={buttonVariants({ variant: 'outline' })}>
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

      <form
        noValidate
        onSubmit={onSubmit}
        aria-label={`New issue for pull request #${String(number)}`}
        aria-busy={isSubmitting}
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <fieldset disabled={isSubmitting} className="grid min-w-0 gap-6">
          <Card className="gap-5">
            <CardHeader>
              <CardTitle className="text-base">Issue</CardTitle>
              <CardDescription>
                Created in {owner}/{repo}, referring to pull request #{number}.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <div className="grid gap-2">
                <Label htmlFor={`${ids}-title`}>
                  Title
                  <span aria-hidden="true" className="text-destructive">
                    *
                  </span>
                </Label>
                <Input
                  id={`${ids}-title`}
                  name="title"
                  autoComplete="off"
                  maxLength={256}
                  required
                  value={values.title}
                  aria-invalid={invalid('title') || undefined}
                  aria-describedby={invalid('title') ? errorId : undefined}
                  onChange={(event) => {
                    set('title')(event.target.value);
                  }}
                />
              </div>
              <MarkdownField
                id={`${ids}-body`}
                name="body"
                label="Description"
                value={values.body}
                onChange={set('body')}
                invalid={invalid('body')}
                errorId={errorId}
              />
            </CardContent>
          </Card>

          <Card className="gap-5">
            <CardHeader>
              <CardTitle className="text-base">Stake & Bounty</CardTitle>
              <CardDescription>
                Whole coins, 1 or more. The stake starts at {OPEN_ISSUE_DEFAULT_STAKE} coins.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6 md:grid-cols-2">
              <CoinAmountField
                id={`${ids}-stake`}
                name="stake"
                legend="Stake amount"
                presetPrefix="Stake"
                presets={STAKE_PRESETS}
                inputLabel="Custom stake (coins)"
                hint="Paid by the contributor who takes the issue and returned when their pull request is merged."
                value={values.stake}
                onChange={set('stake')}
                invalid={invalid('stake')}
                errorId={errorId}
              />
              <CoinAmountField
                id={`${ids}-bounty`}
                name="bounty"
                legend="Bounty amount"
                presetPrefix="Bounty"
                presets={BOUNTY_PRESETS}
                inputLabel="Custom bounty (coins)"
                hint="Paid from your coins now (plus the platform fee), to the contributor whose pull request is merged."
                value={values.bounty}
                onChange={set('bounty')}
                invalid={invalid('bounty')}
                errorId={errorId}
              />
            </CardContent>
          </Card>
        </fieldset>

        <div className="grid gap-4 lg:sticky lg:top-20">
          <TransactionSummaryCard
            summary={transactionSummary(values.stake, values.bounty, balance.data?.coins ?? null)}
            balanceState={balance.isPending ? 'loading' : balance.isError ? 'error' : 'ready'}
          />
          {error && (
            <IssueFormErrorBox
              id={errorId}
              message={error.message}
              githubRequired={error.githubRequired}
            />
          )}
          <IssueFormActions
            submitLabel="Create Issue"
            isSubmitting={isSubmitting}
            submitDisabled={isMissingRequiredField(values)}
            onCancel={goBack}
          />
        </div>
      </form>
    </div>
  );
}
