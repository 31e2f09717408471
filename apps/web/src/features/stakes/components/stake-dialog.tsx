import type { IssueDetail } from '@openstake/core';
import { AlertCircle, AlertTriangle, Info } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/api-error';
import { useGithubWebUrl } from '@/features/app-config/api/app-config';
import { useDashboardProfile } from '@/features/contributor-profile/api/dashboard-profile';
import { issueStakeLine, stakePriceLine } from '@/features/issues/lib/stake-price';
import { CREATE_STAKE_FALLBACK_MESSAGE, useCreateStake } from '../api/create-stake';
import { balanceSummary } from '../lib/balance-summary';
import { deductionRiskText } from '../lib/deduction-risk';
import {
  AI_ASSISTANCE_CHOICES,
  isAiAssistance,
  stakeInputFor,
  type StakeFormValues,
} from '../lib/stake-form';
import { toastStakeCreated } from '../lib/stake-toasts';

type StakeIssue = Pick<
  IssueDetail,
  'id' | 'title' | 'repository' | 'deductionPercent' | 'stakingRequired' | 'stakePrice'
>;

interface StakeDialogProps {
  issue: StakeIssue;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const EMPTY_FORM: StakeFormValues = { prUrl: '', aiAssistance: 'none' };

/**
 * 'Stake Coins for This Issue'. The amount is the contributor's own price on the issue (the
 * issue's stake priced by their standing) and cannot be edited; the server checks the pull
 * request, the amount, the balance and the repository's policy, and a refusal shows in the
 * dialog with everything typed kept.
 */
export function StakeDialog({ issue, open, onOpenChange }: StakeDialogProps) {
  const navigate = useNavigate();
  const createStake = useCreateStake();
  const [values, setValues] = useState<StakeFormValues>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const isSubmitting = createStake.isPending;

  const setOpen = (next: boolean) => {
    // A stake on its way cannot be abandoned halfway: its answer decides where the user goes.
    if (isSubmitting) return;
    if (!next) {
      setValues(EMPTY_FORM);
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const checked = stakeInputFor(issue, values);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    createStake.mutate(checked.input, {
      onSuccess: () => {
        toastStakeCreated();
        setValues(EMPTY_FORM);
        onOpenChange(false);
        void navigate('/contributor/dashboard?tab=stakes');
      },
      onError: (refusal) => {
        setError(errorMessage(refusal, CREATE_STAKE_FALLBACK_MESSAGE));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        hideClose={isSubmitting}
        onEscapeKeyDown={(event) => {
          if (isSubmitting) event.preventDefault();
        }}
        onInteractOutside={(event) => {
          if (isSubmitting) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>Stake Coins for This Issue</DialogTitle>
          <DialogDescription className="break-words">{issue.title}</DialogDescription>
        </DialogHeader>
        <StakeForm
          issue={issue}
          values={values}
          onValuesChange={setValues}
          error={error}
          isSubmitting={isSubmitting}
          onSubmit={submit}
        />
      </DialogContent>
    </Dialog>
  );
}

interface StakeFormProps {
  issue: StakeIssue;
  values: StakeFormValues;
  onValuesChange: (values: StakeFormValues) => void;
  /** The last refusal, the server's or the form's own; null when there is none. */
  error: string | null;
  isSubmitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The stake dialog's form, inside a `Dialog` (its Cancel closes it). */
export function StakeForm({
  issue,
  values,
  onValuesChange,
  error,
  isSubmitting,
  onSubmit,
}: StakeFormProps) {
  const profile = useDashboardProfile();
  // Pull requests live on this server's GitHub: the simulator's in demo mode.
  const github = useGithubWebUrl();
  const ids = useId();
  const price = issue.stakePrice.amount;
  const balance = balanceSummary(profile.data?.stats.coins ?? null, price);
  const issueStake = issueStakeLine(issue);
  const setAiAssistance = (next: string) => {
    if (isAiAssistance(next)) onValuesChange({ ...values, aiAssistance: next });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Stake coins">
      <Alert variant="default" className="border-warning/40 bg-warning/10" role="note">
        <AlertTriangle aria-hidden="true" className="text-warning" />
        <AlertDescription>
          <p data-testid="deduction-risk">{deductionRiskText(price, issue.deductionPercent)}</p>
        </AlertDescription>
      </Alert>

      <div className="grid gap-2">
        <Label htmlFor={`${ids}-pr-url`}>
          Pull Request URL
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </Label>
        <Input
          id={`${ids}-pr-url`}
          name="prUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={`${github}/owner/repo/pull/123`}
          required
          aria-describedby={`${ids}-pr-hint`}
          value={values.prUrl}
          disabled={isSubmitting}
          onChange={(event) => {
            onValuesChange({ ...values, prUrl: event.target.value });
          }}
        />
        <p id={`${ids}-pr-hint`} className="text-xs break-words text-muted-foreground">
          An open pull request in {issue.repository.fullName}, opened by your verified GitHub
          account.
        </p>
      </div>

      <div className="grid gap-2">
        <Label id={`${ids}-ai`} asChild>
          <span>
            AI assistance
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          </span>
        </Label>
        <RadioGroup
          aria-labelledby={`${ids}-ai`}
          aria-describedby={`${ids}-ai-hint`}
          value={values.aiAssistance}
          onValueChange={setAiAssistance}
          disabled={isSubmitting}
          required
          className="gap-2"
        >
          {AI_ASSISTANCE_CHOICES.map((choice) => (
            <div key={choice.value} className="flex items-center gap-2">
              <RadioGroupItem value={choice.value} id={`${ids}-ai-${choice.value}`} />
              <Label htmlFor={`${ids}-ai-${choice.value}`} className="font-normal">
                {choice.label}
              </Label>
            </div>
          ))}
        </RadioGroup>
        <p id={`${ids}-ai-hint`} className="text-xs text-muted-foreground">
          Shown to the maintainer with your pull request; a repository may not take generated ones.
        </p>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${ids}-amount`}>Stake Amount (coins)</Label>
        <Input
          id={`${ids}-amount`}
          name="amount"
          value={String(price)}
          disabled
          readOnly
          aria-describedby={`${ids}-amount-hint`}
        />
        <div id={`${ids}-amount-hint`} className="grid gap-0.5 text-xs text-muted-foreground">
          <p className="break-words" data-testid="stake-price">
            {stakePriceLine(issue)}
          </p>
          {issueStake && <p>{issueStake}</p>}
        </div>
      </div>

      <section aria-labelledby={`${ids}-balance`} className="grid gap-2 rounded-lg bg-muted p-4">
        <h3 id={`${ids}-balance`} className="text-sm font-semibold">
          Balance Summary
        </h3>
        <dl className="grid gap-1 text-sm" data-testid="balance-summary">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Current Balance</dt>
            <dd className="font-medium tabular-nums">{balance.current}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Stake</dt>
            <dd className="font-medium tabular-nums">{balance.stake}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t pt-1">
            <dt className="text-muted-foreground">Balance After Staking</dt>
            <dd className="font-semibold tabular-nums">{balance.after}</dd>
          </div>
        </dl>
        {balance.insufficient && (
          <p className="flex items-center gap-1.5 text-xs text-destructive">
            <Info aria-hidden="true" className="size-3.5 shrink-0" />
            Your balance is lower than this stake.
          </p>
        )}
      </section>

      {error !== null && (
        <Alert variant="destructive" data-testid="stake-error">
          <AlertCircle aria-hidden="true" />
          <AlertDescription className="break-words">{error}</AlertDescription>
        </Alert>
      )}

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={values.prUrl === '' || isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Staking...' : 'Confirm Stake'}
        </Button>
      </DialogFooter>
    </form>
  );
}
