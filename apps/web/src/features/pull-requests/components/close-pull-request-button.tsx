import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/api-error';
import {
  CLOSE_PULL_REQUEST_FALLBACK_MESSAGE,
  useClosePullRequest,
} from '../api/close-pull-request';
import { closeOutcomeMessage } from '../lib/pull-request-display';

interface ClosePullRequestButtonProps {
  owner: string;
  repo: string;
  number: number;
}

/** 'Close PR' with a confirmation: it really closes the pull request on GitHub. */
export function ClosePullRequestButton({ owner, repo, number }: ClosePullRequestButtonProps) {
  const [open, setOpen] = useState(false);
  const close = useClosePullRequest(({ stakeOutcome }) => {
    toast.success(closeOutcomeMessage(number, stakeOutcome));
    setOpen(false);
  });
  const isClosing = close.isPending;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (isClosing) return;
        if (!next) close.reset();
        setOpen(next);
      }}
    >
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => {
          setOpen(true);
        }}
      >
        <XCircle aria-hidden="true" />
        Close PR
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Close pull request #{number}?</AlertDialogTitle>
          <AlertDialogDescription>
            It is closed on GitHub without merging. A pending stake on it is settled now: after a
            review the repository keeps its deduction and the rest goes back to the contributor;
            without a review the stake is refunded in full.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {close.isError && (
          <Alert variant="destructive">
            <AlertDescription>
              <p>{errorMessage(close.error, CLOSE_PULL_REQUEST_FALLBACK_MESSAGE)}</p>
            </AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isClosing}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={isClosing}
            onClick={() => {
              close.mutate({ owner, repo, number });
            }}
          >
            {isClosing && <Spinner />}
            Yes, close PR
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
