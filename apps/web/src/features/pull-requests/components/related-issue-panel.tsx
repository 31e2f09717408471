import { referencedIssueNumber } from '@openstake/core';
import { Coins, ExternalLink as ExternalLinkIcon, X } from 'lucide-react';

import { ExternalLink } from '@/components/external-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { IssueMarkdown } from '@/features/issues/components/issue-markdown';
import {
  NO_ISSUE_NUMBER_MESSAGE,
  relatedIssueErrorText,
  useRelatedIssue,
} from '../api/related-issue';

interface RelatedIssuePanelProps {
  owner: string;
  repo: string;
  /** The pull request's body: its first '#N' names the issue. */
  body: string | null;
  onClose: () => void;
}

/** 'Related Issue': the issue the pull request's body refers to with '#N'. */
export function RelatedIssuePanel({ owner, repo, body, onClose }: RelatedIssuePanelProps) {
  const number = referencedIssueNumber(body);
  const issue = useRelatedIssue(owner, repo, number, true);

  const close = (
    <Button
      variant="ghost"
      size="icon"
      className="size-7 shrink-0"
      aria-label="Close related issue"
      onClick={onClose}
    >
      <X aria-hidden="true" />
    </Button>
  );

  if (number === null || issue.isError) {
    return (
      <Alert variant="destructive" className="flex items-start justify-between gap-2">
        <AlertDescription className="col-start-1">
          <p>{number === null ? NO_ISSUE_NUMBER_MESSAGE : relatedIssueErrorText(issue.error)}</p>
        </AlertDescription>
        {close}
      </Alert>
    );
  }

  if (!issue.data) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Looking up issue #{number}…
      </p>
    );
  }

  const found = issue.data;
  return (
    <section
      aria-label="Related Issue Found"
      className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4"
      data-testid="related-issue"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">
            Related Issue Found
          </p>
          <h3 className="font-semibold break-words">
            #{found.number} {found.title}
          </h3>
        </div>
        {close}
      </div>
      {(found.stakingRequired !== null || found.bountyAmount !== null) && (
        <div className="flex flex-wrap gap-2">
          {found.stakingRequired !== null && (
            <Badge variant="warning">
              <Coins aria-hidden="true" />
              Stake: {found.stakingRequired} coins
            </Badge>
          )}
          {found.bountyAmount !== null && (
            <Badge variant="success">
              <Coins aria-hidden="true" />
              Bounty: {found.bountyAmount} coins
            </Badge>
          )}
        </div>
      )}
      <div className="max-h-72 overflow-y-auto">
        <IssueMarkdown body={found.body ?? ''} />
      </div>
      <ExternalLink
        href={found.html_url}
        className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}
      >
        <ExternalLinkIcon aria-hidden="true" />
        View issue on GitHub
      </ExternalLink>
    </section>
  );
}
