import type { CreatedBountyIssue } from '@openstake/core';
import { useState } from 'react';
import { toast } from 'sonner';

import { ApiError, errorMessage } from '@/lib/api/api-error';
import { safeExternalUrl } from '@/lib/safe-url';
import { isGithubAuthRequired } from '@/features/github/lib/github-auth-error';
import { CREATE_ISSUE_FALLBACK_MESSAGE, useCreateBountyIssue } from '../api/create-bounty-issue';
import { createdIssueEscrowNote, createdIssueMessage } from '../lib/created-issue-message';
import {
  checkCreateBountyIssue,
  formFieldOf,
  type IssueFormField,
  type IssueFormValues,
} from '../lib/issue-form';

/** The create-issue toasts stay 5 seconds. */
export const CREATE_ISSUE_TOAST_MS = 5000;

export interface IssueFormError {
  message: string;
  /** The field the message is about, when there is one. */
  field: IssueFormField | null;
  /** The server needs the maintainer's GitHub account linked first (403 GITHUB_AUTH_REQUIRED). */
  githubRequired: boolean;
}

/**
 * The create-issue flow both forms share: check with the contract schema, send, then report in an
 * error box and a red toast, or a success toast (with a link to the issue) and `onCreated`.
 */
export function useBountyIssueSubmit(
  options: { onCreated?: (created: CreatedBountyIssue) => void } = {},
) {
  const mutation = useCreateBountyIssue();
  const [error, setError] = useState<IssueFormError | null>(null);
  const [created, setCreated] = useState<CreatedBountyIssue | null>(null);

  const fail = (next: IssueFormError) => {
    setError(next);
    toast.error(next.message, { duration: CREATE_ISSUE_TOAST_MS, richColors: true });
  };

  const submit = (values: IssueFormValues, pullRequestNumber: number | null = null) => {
    if (mutation.isPending) return;
    const checked = checkCreateBountyIssue(values, pullRequestNumber);
    if (!checked.ok) {
      fail({ message: checked.message, field: checked.field, githubRequired: false });
      return;
    }
    setError(null);
    setCreated(null);
    mutation.mutate(checked.input, {
      onSuccess: (result) => {
        setCreated(result);
        const url = safeExternalUrl(result.htmlUrl);
        toast.success(createdIssueMessage(result), {
          duration: CREATE_ISSUE_TOAST_MS,
          description: createdIssueEscrowNote(result),
          action: url
            ? {
                label: 'View issue',
                onClick: () => {
                  window.open(url, '_blank', 'noopener,noreferrer');
                },
              }
            : undefined,
        });
        options.onCreated?.(result);
      },
      onError: (cause) => {
        fail({
          message: errorMessage(cause, CREATE_ISSUE_FALLBACK_MESSAGE),
          field: cause instanceof ApiError ? formFieldOf(cause.field) : null,
          githubRequired: isGithubAuthRequired(cause),
        });
      },
    });
  };

  return { submit, isSubmitting: mutation.isPending, error, created };
}
