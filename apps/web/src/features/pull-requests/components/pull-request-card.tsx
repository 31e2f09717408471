import type { PullRequest } from '@openstake/core';
import {
  Bot,
  ChevronDown,
  ChevronUp,
  CircleCheck,
  CircleDashed,
  CircleX,
  Coins,
  ExternalLink as ExternalLinkIcon,
  Link2,
  MessageSquare,
} from 'lucide-react';
import { useId, useState, type MouseEvent } from 'react';

import { ExternalLink } from '@/components/external-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { commentsText } from '@/lib/github-pages';
import { cn } from '@/lib/utils';
import { IssueBodyExcerpt } from '@/features/issues/components/issue-body-excerpt';
import { IssueLabelList } from '@/features/issues/components/issue-label-list';

import {
  aiAssistanceLabel,
  checksLabel,
  openedText,
  priceFactorText,
} from '../lib/pull-request-display';
import { PullRequestDetails } from './pull-request-details';
import { RelatedIssuePanel } from './related-issue-panel';

interface PullRequestCardProps {
  owner: string;
  repo: string;
  pullRequest: PullRequest;
  /** The time ages are measured from ('Opened 3 hours ago'). */
  now: Date;
  /** Open the details panel at first (tests). */
  defaultExpanded?: boolean;
}

/** Clicks on a control (or in a dialog opened from the card) do not toggle the card. */
function isCardClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return false;
  if (target.closest('a, button, input, label, [role="slider"], [role="checkbox"]')) return false;
  // Selecting text in the card is not a click on it.
  return (window.getSelection()?.toString() ?? '') === '';
}

/** One open pull request. Clicking the card toggles its details. */
export function PullRequestCard({
  owner,
  repo,
  pullRequest: pr,
  now,
  defaultExpanded = false,
}: PullRequestCardProps) {
  const ids = useId();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [relatedOpen, setRelatedOpen] = useState(false);
  const titleId = `${ids}-title`;
  const detailsId = `${ids}-details`;

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="pull-request"
      className={cn('cursor-pointer gap-4 transition-shadow', expanded && 'ring-2 ring-primary/30')}
      onClick={(event) => {
        if (isCardClick(event)) setExpanded((open) => !open);
      }}
    >
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            {pr.draft && <Badge variant="secondary">Draft</Badge>}
            <h2 id={titleId} className="min-w-0 font-semibold break-words">
              {pr.title}
            </h2>
          </div>
          <PullRequestBadges pullRequest={pr} />
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">#{pr.number}</span>
          <span>
            {openedText(pr.created_at, now)} by{' '}
            <span className="font-medium text-foreground">{pr.user.login}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-4" />
            {commentsText(pr.comments)}
          </span>
          <time className="sr-only" dateTime={pr.created_at}>
            {formatDate(pr.created_at)}
          </time>
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <IssueBodyExcerpt body={pr.body} />
        <IssueLabelList labels={pr.labels} />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-pressed={relatedOpen}
            onClick={() => {
              setRelatedOpen((open) => !open);
            }}
          >
            <Link2 aria-hidden="true" />
            Related Issue
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            onClick={() => {
              setExpanded((open) => !open);
            }}
          >
            {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {expanded ? 'Hide Details' : 'View Details'}
          </Button>
          <ExternalLink
            href={pr.html_url}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <ExternalLinkIcon aria-hidden="true" />
            View on GitHub
          </ExternalLink>
        </div>
        {relatedOpen && (
          <RelatedIssuePanel
            owner={owner}
            repo={repo}
            body={pr.body}
            onClose={() => {
              setRelatedOpen(false);
            }}
          />
        )}
        {expanded && (
          <PullRequestDetails id={detailsId} owner={owner} repo={repo} pullRequest={pr} />
        )}
      </CardContent>
    </Card>
  );
}

const CHECK_ICONS = { success: CircleCheck, failure: CircleX, pending: CircleDashed } as const;

/**
 * What the queue orders by, on the card: the stake (with the factor its author's standing priced
 * it at, when not 1x), the author's AI declaration and the head commit's checks.
 */
function PullRequestBadges({ pullRequest: pr }: { pullRequest: PullRequest }) {
  const ai = aiAssistanceLabel(pr.aiAssistance);
  const checks = checksLabel(pr.checks);
  const CheckIcon = pr.checks ? CHECK_ICONS[pr.checks] : null;
  if (pr.stakeAmount === null && !ai && !checks) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {pr.stakeAmount !== null && (
        <Badge variant="warning" className="text-sm">
          <Coins aria-hidden="true" />
          Staked: {pr.stakeAmount} coins
          {pr.stakePricePercent !== null && pr.stakePricePercent !== 100 && (
            <span title="The factor the author's standing priced the stake at">
              {' '}
              ({priceFactorText(pr.stakePricePercent)} price)
            </span>
          )}
        </Badge>
      )}
      {ai && (
        <Badge variant="secondary">
          <Bot aria-hidden="true" />
          {ai}
        </Badge>
      )}
      {checks && CheckIcon && (
        <Badge variant={checks.variant}>
          <CheckIcon aria-hidden="true" />
          {checks.text}
        </Badge>
      )}
    </div>
  );
}
