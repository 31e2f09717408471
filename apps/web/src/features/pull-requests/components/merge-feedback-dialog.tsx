import { useState } from 'react';
import { toast } from 'sonner';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api/api-error';
import { MERGE_FALLBACK_MESSAGE, useMergePullRequest } from '../api/merge-pull-request';
import { useRewardAllowance } from '../api/reward-allowance';
import {
  initialMergeFeedbackState,
  mergeSuccessMessage,
  toMergeFeedback,
} from '../lib/merge-feedback-form';
import { MergeFeedbackForm, type AllowanceState } from './merge-feedback-form';

interface MergeFeedbackDialogProps {
  owner: string;
  repo: string;
  pullRequest: { number: number; title: string; user: { login: string } };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Merge PR'. Submitting merges on GitHub and pays in one server call. On success
 * a toast shows the reward and the list loses the pull request; on failure nothing changed, and
 * the dialog stays open with the server's reason (the original 'closes anyway' is not kept).
 */
export function MergeFeedbackDialog({
  owner,
  repo,
  pullRequest,
  open,
  onOpenChange,
}: MergeFeedbackDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The body mounts with the dialog, so each opening starts from a blank form. */}
      {open && (
        <MergeDialogBody
          owner={owner}
          repo={repo}
          pullRequest={pullRequest}
          onClose={() => {
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}

function MergeDialogBody({
  owner,
  repo,
  pullRequest,
  onClose,
}: Omit<MergeFeedbackDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [state, setState] = useState(initialMergeFeedbackState);
  const allowanceQuery = useRewardAllowance(owner, repo, pullRequest.number);
  const allowance: AllowanceState = allowanceQuery.data
    ? { status: 'ready', allowance: allowanceQuery.data }
    : allowanceQuery.isError
      ? { status: 'error' }
      : { status: 'loading' };
  const merge = useMergePullRequest((result) => {
    const message = mergeSuccessMessage(pullRequest.number, result);
    toast.success(message.title, { description: message.description });
    onClose();
  });
  const isSubmitting = merge.isPending;
  const block = (event: Event) => {
    // A merge on its way cannot be abandoned: its answer is what the maintainer needs to see.
    if (isSubmitting) event.preventDefault();
  };

  return (
    <DialogContent
      className="sm:max-w-2xl"
      hideClose={isSubmitting}
      onEscapeKeyDown={block}
      onInteractOutside={block}
    >
      <DialogHeader>
        <DialogTitle>Merge PR #{pullRequest.number}</DialogTitle>
        <DialogDescription className="break-words">
          {pullRequest.title} by {pullRequest.user.login}. Rate the contribution: the contributor
          receives the XP and coins shown below when the pull request is merged, as far as this
          month&apos;s limits count them.
        </DialogDescription>
      </DialogHeader>
      <MergeFeedbackForm
        state={state}
        author={pullRequest.user.login}
        allowance={allowance}
        onChange={(next) => {
          setState(next);
        }}
        isSubmitting={isSubmitting}
        error={merge.isError ? errorMessage(merge.error, MERGE_FALLBACK_MESSAGE) : null}
        onCancel={onClose}
        onSubmit={() => {
          merge.mutate({
            owner,
            repo,
            number: pullRequest.number,
            feedback: toMergeFeedback(state),
          });
        }}
      />
    </DialogContent>
  );
}
