import { formatNumber, MAX_RATING, type VerifiedWork } from '@openstake/core';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';

import { ExternalLink } from '@/components/external-link';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format-date';
import { ratingRows, tagLabel } from '../lib/directory-display';

export const NO_RATINGS_MESSAGE = 'Merged on GitHub without ratings';

/**
 * The verified work record: each merged staked pull request links to GitHub, with the XP it
 * earned, the maintainer who merged it and their ratings and tags, so every number can be
 * checked at its source and a recruiter sees when it all came from one person.
 */
export function VerifiedWorkList({ work }: { work: readonly VerifiedWork[] }) {
  if (work.length === 0) {
    return <p className="text-sm text-muted-foreground">No merged staked work yet.</p>;
  }
  return (
    <ul className="grid gap-3" aria-label="Verified work">
      {work.map((item) => (
        <li
          key={item.stakeId}
          className="grid gap-2 rounded-lg border px-3 py-3"
          data-testid="verified-work"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm">
              <span className="font-medium wrap-anywhere">{item.repository}</span>
              <ExternalLink
                href={item.prUrl}
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                PR #{item.prNumber}
                <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
              </ExternalLink>
            </p>
            <span className="text-sm font-semibold text-success-text tabular-nums">
              +{formatNumber(item.xpEarned)} XP
            </span>
          </div>
          <p className="text-sm break-words">{item.issueTitle}</p>
          <p className="text-xs text-muted-foreground">
            Merged <time dateTime={item.mergedAt}>{formatDate(item.mergedAt)}</time>
            {item.mergedBy && (
              <>
                {' '}
                by <span className="font-medium text-foreground">@{item.mergedBy}</span>
                {item.feedback && ', who gave these ratings'}
              </>
            )}
          </p>
          {item.feedback ? (
            <div className="grid gap-2">
              <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-2">
                {ratingRows(item.feedback.ratings).map(({ label, rating }) => (
                  <div key={label} className="flex justify-between gap-2">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="font-medium tabular-nums">
                      {rating}/{MAX_RATING}
                    </dd>
                  </div>
                ))}
              </dl>
              {item.feedback.tags.length > 0 && (
                <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                  {item.feedback.tags.map((tag) => (
                    <li key={tag}>
                      <Badge variant="secondary">{tagLabel(tag)}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <p className="text-xs text-muted-foreground">{NO_RATINGS_MESSAGE}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
