import type { CreatedBountyIssue } from '@openstake/core';
import { AlertCircle, CheckCircle2, ExternalLink as ExternalLinkIcon } from 'lucide-react';

import { ExternalLink } from '@/components/external-link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { GithubRequiredNotice } from '@/features/github/components/github-required-notice';
import { createdIssueEscrowNote, createdIssueMessage } from '../lib/created-issue-message';
import { ChainBountyPanel } from './chain-bounty-panel';

/**
 * The error box: the check's or the server's message. When the server needs the
 * GitHub account linked first, the box offers to link it.
 */
export function IssueFormErrorBox({
  id,
  message,
  githubRequired = false,
}: {
  id: string;
  message: string;
  githubRequired?: boolean;
}) {
  if (githubRequired) {
    return (
      <div id={id}>
        <GithubRequiredNotice reason="Issues are created on GitHub with your linked GitHub account." />
      </div>
    );
  }
  return (
    <Alert variant="destructive" id={id} data-testid="issue-form-error">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>Could not create the issue</AlertTitle>
      <AlertDescription>
        <p className="break-words">{message}</p>
      </AlertDescription>
    </Alert>
  );
}

/** Stays after the success toast has gone, with the way to the new issue. */
export function IssueCreatedBox({ created }: { created: CreatedBountyIssue }) {
  return (
    <Alert variant="success" role="status" data-testid="issue-created">
      <CheckCircle2 aria-hidden="true" />
      <AlertTitle>Issue #{created.number} created</AlertTitle>
      <AlertDescription className="text-foreground">
        <p className="break-words">{createdIssueMessage(created)}</p>
        <p className="text-muted-foreground">{createdIssueEscrowNote(created)}</p>
        {created.chainBounty && (
          <ChainBountyPanel issueId={created.issueId} chainBounty={created.chainBounty} />
        )}
        <ExternalLink
          href={created.htmlUrl}
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          View issue #{created.number} on GitHub
          <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
        </ExternalLink>
      </AlertDescription>
    </Alert>
  );
}
