import type { RepositoryIssue } from '@openstake/core';
import { Calendar, ExternalLink as ExternalLinkIcon, MessageSquare, RefreshCw } from 'lucide-react';

import { ExternalLink } from '@/components/external-link';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { IssueBodyExcerpt } from '@/features/issues/components/issue-body-excerpt';
import { IssueLabelList } from '@/features/issues/components/issue-label-list';
import { commentsText } from '@/lib/github-pages';

/** One open issue of the repository. */
export function RepositoryIssueCard({ issue }: { issue: RepositoryIssue }) {
  const titleId = `repository-issue-${String(issue.number)}`;
  return (
    <Card role="article" aria-labelledby={titleId} className="gap-4" data-testid="repository-issue">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 font-semibold break-words">
            <span className="text-muted-foreground">#{issue.number}</span> {issue.title}
          </h2>
          <Badge variant={issue.state === 'open' ? 'success' : 'secondary'} className="capitalize">
            {issue.state}
          </Badge>
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>
            by <span className="font-medium text-foreground">{issue.user.login}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-4" />
            Created <time dateTime={issue.created_at}>{formatDate(issue.created_at)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-4" />
            {commentsText(issue.comments)}
          </span>
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <IssueBodyExcerpt body={issue.body} />
        <IssueLabelList labels={issue.labels} />
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-2">
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <RefreshCw aria-hidden="true" className="size-3.5" />
          Updated <time dateTime={issue.updated_at}>{formatDate(issue.updated_at)}</time>
        </span>
        <ExternalLink
          href={issue.html_url}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <ExternalLinkIcon aria-hidden="true" />
          View on GitHub
        </ExternalLink>
      </CardFooter>
    </Card>
  );
}
