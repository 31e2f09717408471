import { Suspense } from 'react';

import { cn } from '@/lib/utils';
import { useMarkdown } from '../hooks/use-markdown';

interface IssueExcerptProps {
  body: string;
  /** Characters at most, cut at a word (lib/excerpt.ts). */
  max?: number;
  /** Shown when the body has no text; nothing at all when absent. */
  empty?: string;
  className?: string;
}

function LoadedIssueExcerpt({ body, max, empty, className }: IssueExcerptProps) {
  const { issueExcerpt } = useMarkdown();
  const excerpt = issueExcerpt(body, max) || empty;
  if (!excerpt) return null;
  return <p className={cn('text-sm text-muted-foreground', className)}>{excerpt}</p>;
}

/**
 * The first words of an issue's or pull request's body as plain text, on a card: the text the
 * sanitised markdown shows (lib/excerpt.ts). The pipeline that reads it is downloaded the
 * first time (lists start it as they mount, usePreloadMarkdown); until then a grey bar stands
 * in for the text.
 */
export function IssueExcerpt(props: IssueExcerptProps) {
  return (
    <Suspense fallback={<span aria-hidden="true" className="block h-5 w-2/3 rounded bg-muted" />}>
      <LoadedIssueExcerpt {...props} />
    </Suspense>
  );
}
