import type { IssueDetail } from '@openstake/core';
import { AlertTriangle, Info } from 'lucide-react';
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
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/api-error';
import { useGithubWebUrl } from '@/features/app-config/api/app-config';
import { useDashboardProfile } from '@/features/contributor-profile/api/dashboard-profile';
import {
  CREATE_STAKE_FALLBACK_MESSAGE,
  checkStakeInput,
  useCreateStake,
} from '../api/create-stake';
import { balanceSummary } from '../lib/balance-summary';
import { deductionRiskText } from '../lib/deduction-risk';
import { toastStakeCreated, toastStakeError } from '../lib/stake-toasts';

interface StakeDialogProps {
  issue: Pick<IssueDetail, 'id' | 'title' | 'repository' | 'deductionPercent'>;
  /** The fixed stake for this issue, in coins. */
  stakingRequired: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Stake Coins for This Issue'. The amount is the issue's fixed stake and cannot be
 * edited; the server checks the pull request and the balance and explains any refusal.
 */
export function StakeDialog({ issue, stakingRequired, open, onOpenChange }: StakeDialogProps) {
  const navigate = useNavigate();
  const createStake = useCreateStake();
  const profile = useDashboardProfile();
  // Pull requests live on this server's GitHub: the simulator's in demo mode.
  const github = useGithubWebUrl();
  const [prUrl, setPrUrl] = useState('');
  const ids = useId();
  const isSubmitting = createStake.isPending;
  const balance = balanceSummary(profile.data?.stats.coins ?? null, stakingRequired);

  const setOpen = (next: boolean) => {
    // A stake on its way cannot be abandoned halfway: its answer decides where the user goes.
    if (isSubmitting) return;
    if (!next) setPrUrl('');
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const checked = checkStakeInput({ issueId: issue.id, prUrl, amount: stakingRequired });
    if (!checked.ok) {
      toastStakeError(checked.message);
      return;
    }
    createStake.mutate(checked.input, {
      onSuccess: () => {
        toastStakeCreated();
        setPrUrl('');
        onOpenChange(false);
        void navigate('/contributor/dashboard?tab=stakes');
      },
      onError: (error) => {
        toastStakeError(errorMessage(error, CREATE_STAKE_FALLBACK_MESSAGE));
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

        <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Stake coins">
          <Alert variant="default" className="border-warning/40 bg-warning/10" role="note">
            <AlertTriangle aria-hidden="true" className="text-warning" />
            <AlertDescription>
              <p data-testid="deduction-risk">
                {deductionRiskText(stakingRequired, issue.deductionPercent)}
              </p>
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
              value={prUrl}
              disabled={isSubmitting}
              onChange={(event) => {
                setPrUrl(event.target.value);
              }}
            />
            <p id={`${ids}-pr-hint`} className="text-xs break-words text-muted-foreground">
              An open pull request in {issue.repository.fullName}, opened by your verified GitHub
              account.
            </p>
          </div>

          <div className="grid gap-2">
            <Label htmlFor={`${ids}-amount`}>Stake Amount (coins)</Label>
            <Input
              id={`${ids}-amount`}
              name="amount"
              value={String(stakingRequired)}
              disabled
              readOnly
              aria-describedby={`${ids}-amount-hint`}
            />
            <p id={`${ids}-amount-hint`} className="text-xs text-muted-foreground">
              Every stake on this issue is {stakingRequired} coins.
            </p>
          </div>

          <section
            aria-labelledby={`${ids}-balance`}
            className="grid gap-2 rounded-lg bg-muted p-4"
          >
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

          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={prUrl === '' || isSubmitting}>
              {isSubmitting && <Spinner />}
              {isSubmitting ? 'Staking...' : 'Confirm Stake'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
