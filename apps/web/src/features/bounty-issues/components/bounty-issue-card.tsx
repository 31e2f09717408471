import { formatNumber } from '@openstake/core';
import type { BountyIssue } from '@openstake/core';
import {
  Calendar,
  Coins,
  ExternalLink as ExternalLinkIcon,
  Lock,
  MessageSquare,
  Trophy,
  Users,
} from 'lucide-react';

import { ExternalLink } from '@/components/external-link';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { DifficultyBadge } from '@/features/issues/components/difficulty-badge';
import { IssueLabelList } from '@/features/issues/components/issue-label-list';
import { IssueExcerpt } from '@/features/issues/components/issue-excerpt';
import { BountyIssueStatusBadge } from './bounty-issue-status-badge';
import { ChainBountyPanel } from './chain-bounty-panel';
import { commentsText } from '@/lib/github-pages';

/** One bounty issue on 'Bounty Issues by Me'. */
export function BountyIssueCard({ issue }: { issue: BountyIssue }) {
  const titleId = `bounty-issue-${String(issue.id)}`;
  return (
    <Card className="gap-4" role="article" aria-labelledby={titleId} data-testid="bounty-issue">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <BountyIssueStatusBadge status={issue.status} />
          <DifficultyBadge difficulty={issue.difficulty} />
        </div>
        <h3 id={titleId} className="font-semibold break-words">
          {issue.title}
        </h3>
        <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
          <span className="wrap-anywhere">{issue.repository.fullName}</span>
          <span>#{issue.number}</span>
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <IssueExcerpt body={issue.body} max={160} className="line-clamp-2" />
        <IssueLabelList labels={issue.labels} />
        {issue.chainBounty && (
          <ChainBountyPanel issueId={issue.id} chainBounty={issue.chainBounty} />
        )}
        <dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted/60 p-3 text-sm">
          <div className="grid gap-0.5">
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <Coins aria-hidden="true" className="size-3.5" />
              Bounty
            </dt>
            <dd className="font-semibold text-success tabular-nums">
              {formatNumber(issue.bountyAmount)} coins
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <Lock aria-hidden="true" className="size-3.5" />
              Stake
            </dt>
            <dd className="font-semibold tabular-nums">{formatNumber(issue.stakeAmount)} coins</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="flex items-center gap-1 text-xs text-muted-foreground">
              <Trophy aria-hidden="true" className="size-3.5" />
              Total payout
            </dt>
            <dd className="font-semibold text-primary tabular-nums">
              {formatNumber(issue.totalPayout)} coins
            </dd>
          </div>
        </dl>
        <ul
          className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground"
          aria-label="Activity"
        >
          <li className="inline-flex items-center gap-1">
            <Users aria-hidden="true" className="size-4" />
            {issue.applicantsCount} {issue.applicantsCount === 1 ? 'applicant' : 'applicants'}
          </li>
          <li className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-4" />
            {commentsText(issue.comments)}
          </li>
          <li className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-4" />
            <span>
              Created <time dateTime={issue.createdAt}>{formatDate(issue.createdAt)}</time>
            </span>
          </li>
        </ul>
      </CardContent>
      <CardFooter className="mt-auto">
        <ExternalLink
          href={issue.htmlUrl}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={`View issue #${String(issue.number)} on GitHub`}
        >
          <ExternalLinkIcon aria-hidden="true" />
          View on GitHub
        </ExternalLink>
      </CardFooter>
    </Card>
  );
}
