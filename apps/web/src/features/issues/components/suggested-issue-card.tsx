import { formatCoins, formatNumber, type SuggestedIssue } from '@openstake/core';
import { Coins, ExternalLink as ExternalLinkIcon, Star, Zap } from 'lucide-react';
import { Link } from 'react-router';

import { ExternalLink } from '@/components/external-link';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { mergeXpExplanation, mergeXpText } from '../lib/merge-xp';
import { issueStakeLine, stakePriceLine } from '../lib/stake-price';
import { DifficultyBadge } from './difficulty-badge';
import { IssueExcerpt } from './issue-excerpt';
import { RepositoryLanguage } from './repository-language';

/**
 * One suggestion on the dashboard: what it pays, what it asks of this contributor (their price,
 * and the issue's own stake when theirs differs), where to go. A
 * bounty shows only where the issue has one; the XP is what a merge can pay, not one figure
 * that the maintainer's ratings would decide otherwise.
 */
export function SuggestedIssueCard({ issue }: { issue: SuggestedIssue }) {
  const titleId = `suggested-issue-${String(issue.id)}`;
  const issueStake = issueStakeLine(issue);
  return (
    <Card className="gap-4" aria-labelledby={titleId} role="article" data-testid="suggested-issue">
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="min-w-0 font-semibold break-words">
            {issue.title}
          </h3>
          <DifficultyBadge difficulty={issue.difficulty} />
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="wrap-anywhere">{issue.repository.fullName}</span>
          {issue.repository.language && <RepositoryLanguage language={issue.repository.language} />}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <IssueExcerpt body={issue.body} className="line-clamp-3" />
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Rewards and stake">
          {issue.bounty > 0 && (
            <li className="inline-flex items-center gap-1 font-medium text-success">
              <Coins aria-hidden="true" className="size-4" />+{formatCoins(issue.bounty)} bounty
            </li>
          )}
          <li
            className="inline-flex items-center gap-1 font-medium text-primary"
            title={mergeXpExplanation(issue.xpReward)}
          >
            <Zap aria-hidden="true" className="size-4" />
            {mergeXpText(issue.xpReward)}
          </li>
          <li className="inline-flex items-center gap-1 text-muted-foreground">
            <Star aria-hidden="true" className="size-4" />
            {formatNumber(issue.repository.stargazersCount)}
            <span className="sr-only"> stars</span>
          </li>
          <li className="font-medium" data-testid="stake-price">
            {stakePriceLine(issue)}
          </li>
          {issueStake && <li className="text-muted-foreground">{issueStake}</li>}
          <li className="text-muted-foreground">#{issue.number}</li>
        </ul>
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-2">
        <ExternalLink
          href={issue.htmlUrl}
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'flex-1' })}
        >
          <ExternalLinkIcon aria-hidden="true" />
          View Issue
        </ExternalLink>
        <Link
          to={`/contributor/issue/${String(issue.id)}`}
          className={buttonVariants({ size: 'sm', className: 'flex-1' })}
        >
          <Coins aria-hidden="true" />
          Stake Now
        </Link>
      </CardFooter>
    </Card>
  );
}
