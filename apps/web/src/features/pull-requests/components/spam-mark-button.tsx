import { ShieldAlert, Undo2 } from 'lucide-react';
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
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/api-error';
import { SPAM_MARK_FALLBACK_MESSAGE, useSpamMark } from '../api/spam-mark';

interface SpamMarkButtonProps {
  owner: string;
  repo: string;
  number: number;
  author: string;
  /** Whether a maintainer already marked it. */
  marked: boolean;
}

/**
 * 'Mark as spam' on a pull request closed without a merge, with a confirmation, and its undo. The
 * mark raises the author's stake price for 180 days; it moves no coin.
 */
export function SpamMarkButton({ owner, repo, number, author, marked }: SpamMarkButtonProps) {
  const [open, setOpen] = useState(false);
  const mark = useSpamMark(({ spamMarked }) => {
    toast.success(
      spamMarked
        ? `Pull request #${String(number)} marked as spam.`
        : `The spam mark on pull request #${String(number)} was taken back.`,
    );
    setOpen(false);
  });
  const busy = mark.isPending;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) mark.reset();
        setOpen(next);
      }}
    >
      {marked && (
        <Badge variant="destructive">
          <ShieldAlert aria-hidden="true" />
          Marked as spam
        </Badge>
      )}
      <Button
        variant="outline"
        size="sm"
        className={marked ? undefined : 'text-destructive hover:text-destructive'}
        onClick={() => {
          setOpen(true);
        }}
      >
        {marked ? <Undo2 aria-hidden="true" /> : <ShieldAlert aria-hidden="true" />}
        {marked ? 'Undo spam mark' : 'Mark as spam'}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {marked
              ? `Take back the spam mark on #${String(number)}?`
              : `Mark pull request #${String(number)} as spam?`}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {marked
              ? `It no longer counts against ${author}'s standing.`
              : `It counts against ${author}'s standing for 180 days: their stakes cost more. No coins move: a stake on it already ended within the repository's deduction.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {mark.isError && (
          <Alert variant="destructive">
            <AlertDescription>
              <p>{errorMessage(mark.error, SPAM_MARK_FALLBACK_MESSAGE)}</p>
            </AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button
            variant={marked ? 'default' : 'destructive'}
            disabled={busy}
            onClick={() => {
              mark.mutate({ owner, repo, number, spam: !marked });
            }}
          >
            {busy && <Spinner />}
            {marked ? 'Yes, undo the mark' : 'Yes, mark as spam'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
