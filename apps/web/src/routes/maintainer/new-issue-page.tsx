import { BOUNTY_PRESETS, STAKE_PRESETS } from '@openstake/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useMaintainerBalance } from '../../features/bounty-issues/api/maintainer-balance';
import { CoinAmountField } from '../../features/bounty-issues/components/coin-amount-field';
import {
  IssueCreatedBox,
  IssueFormErrorBox,
} from '../../features/bounty-issues/components/issue-form-feedback';
import { IssueFormActions } from '../../features/bounty-issues/components/issue-form-actions';
import { IssueLabelsField } from '../../features/bounty-issues/components/issue-labels-field';
import { MarkdownField } from '../../features/bounty-issues/components/markdown-field';
import { TransactionSummaryCard } from '../../features/bounty-issues/components/transaction-summary-card';
import { useBountyIssueSubmit } from '../../features/bounty-issues/hooks/use-bounty-issue-submit';
import { useGoBack } from '../../features/bounty-issues/hooks/use-go-back';
import {
  clearIssueDraftAfterCreate,
  readIssueDraft,
  saveIssueDraft,
} from '../../features/bounty-issues/lib/issue-draft';
import {
  clearedAfterCreate,
  EMPTY_ISSUE_FORM,
  isMissingRequiredField,
  type IssueFormField,
  type IssueFormValues,
} from '../../features/bounty-issues/lib/issue-form';
import { transactionSummary } from '../../features/bounty-issues/lib/transaction-summary';

/** The saved draft, with ?owner=&repo= (the issue list's New Issue button) taking precedence. */
function initialValues(search: URLSearchParams): IssueFormValues {
  const owner = search.get('owner')?.trim();
  const repo = search.get('repo')?.trim();
  return {
    ...EMPTY_ISSUE_FORM,
    ...readIssueDraft(),
    ...(owner ? { owner } : {}),
    ...(repo ? { repo } : {}),
  };
}

/**
 * /maintainer/new-issue (spec 001 s2.9): an issue created on GitHub and the ledger network with a
 * stake a contributor pays to take it and a bounty the maintainer escrows now (plus the 5 % fee).
 * The draft lives in cookies for 7 days; after a creation the repository stays, the rest clears.
 */
export function NewIssuePage() {
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<IssueFormValues>(() => initialValues(searchParams));
  const ids = useId();
  const errorId = `${ids}-error`;
  const balance = useMaintainerBalance();
  const goBack = useGoBack('/maintainer/bounty-issues');
  const { submit, isSubmitting, error, created } = useBountyIssueSubmit({
    onCreated: () => {
      clearIssueDraftAfterCreate();
      setValues((current) => clearedAfterCreate(current));
    },
  });

  const saved = useRef<IssueFormValues | null>(null);
  useEffect(() => {
    saveIssueDraft(values, saved.current);
    saved.current = values;
  }, [values]);

  const set =
    <K extends IssueFormField>(field: K) =>
    (value: IssueFormValues[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
    };
  const invalid = (...fields: IssueFormField[]) =>
    error?.field != null && fields.includes(error.field);
  const describedBy = (hintId: string | null, ...fields: IssueFormField[]) =>
    [hintId, invalid(...fields) ? errorId : null].filter(Boolean).join(' ') || undefined;

  const summary = transactionSummary(values.stake, values.bounty, balance.data?.coins ?? null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(values);
  };

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Create Issue with Stake & Bounty</h1>
        <p className="text-sm text-muted-foreground">
          The issue is created on GitHub and recorded on the ledger network. A contributor stakes
          coins to take it; the bounty goes to the contributor whose pull request you merge.
        </p>
      </header>

      {created && <IssueCreatedBox created={created} />}

      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Create issue with stake and bounty"
        aria-busy={isSubmitting}
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <fieldset disabled={isSubmitting} className="grid min-w-0 gap-6">
          <Card className="gap-5">
            <CardHeader>
              <CardTitle className="text-base">Issue</CardTitle>
              <CardDescription>Where the issue goes and what it asks for.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor={`${ids}-owner`}>
                    Owner
                    <span aria-hidden="true" className="text-destructive">
                      *
                    </span>
                  </Label>
                  <Input
                    id={`${ids}-owner`}
                    name="owner"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="octocat"
                    required
                    value={values.owner}
                    aria-invalid={invalid('owner') || undefined}
                    aria-describedby={describedBy(null, 'owner')}
                    onChange={(event) => {
                      set('owner')(event.target.value);
                    }}
                  />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={`${ids}-repo`}>
                    Repository
                    <span aria-hidden="true" className="text-destructive">
                      *
                    </span>
                  </Label>
                  <Input
                    id={`${ids}-repo`}
                    name="repo"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="hello-world"
                    required
                    value={values.repo}
                    aria-invalid={invalid('repo') || undefined}
                    aria-describedby={describedBy(null, 'repo')}
                    onChange={(event) => {
                      set('repo')(event.target.value);
                    }}
                  />
                </div>
              </div>

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
                  placeholder="What needs to be done?"
                  required
                  value={values.title}
                  aria-invalid={invalid('title') || undefined}
                  aria-describedby={describedBy(null, 'title')}
                  onChange={(event) => {
                    set('title')(event.target.value);
                  }}
                />
              </div>

              <MarkdownField
                id={`${ids}-body`}
                name="body"
                label="Description"
                placeholder="Describe the issue, the expected result and how to check it."
                value={values.body}
                onChange={set('body')}
                invalid={invalid('body')}
                errorId={errorId}
              />

              <IssueLabelsField
                id={`${ids}-labels`}
                value={values.labels}
                onChange={set('labels')}
              />

              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor={`${ids}-assignees`}>Assignees</Label>
                  <Input
                    id={`${ids}-assignees`}
                    name="assignees"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="octocat, hubot"
                    value={values.assignees}
                    aria-invalid={invalid('assignees') || undefined}
                    aria-describedby={describedBy(`${ids}-assignees-hint`, 'assignees')}
                    onChange={(event) => {
                      set('assignees')(event.target.value);
                    }}
                  />
                  <p id={`${ids}-assignees-hint`} className="text-xs text-muted-foreground">
                    Comma-separated GitHub usernames.
                  </p>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={`${ids}-milestone`}>Milestone</Label>
                  <Input
                    id={`${ids}-milestone`}
                    name="milestone"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    placeholder="Optional"
                    value={values.milestone}
                    aria-invalid={invalid('milestone') || undefined}
                    aria-describedby={describedBy(`${ids}-milestone-hint`, 'milestone')}
                    onChange={(event) => {
                      set('milestone')(event.target.value);
                    }}
                  />
                  <p id={`${ids}-milestone-hint`} className="text-xs text-muted-foreground">
                    The repository's milestone number, optional.
                  </p>
                </div>
              </div>
            </CardContent>
          </Card>

          <Card className="gap-5">
            <CardHeader>
              <CardTitle className="text-base">Stake & Bounty</CardTitle>
              <CardDescription>Whole coins, 1 or more.</CardDescription>
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
            summary={summary}
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
            submitLabel="Create Issue with Stake & Bounty"
            isSubmitting={isSubmitting}
            submitDisabled={isMissingRequiredField(values)}
            onCancel={goBack}
          />
        </div>
      </form>
    </div>
  );
}
