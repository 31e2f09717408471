import { Suspense } from 'react';

import { PageLoading } from '@/components/page-loading';
import { useMarkdown } from '../hooks/use-markdown';

function LoadedIssueMarkdown({ body }: { body: string }) {
  const { IssueMarkdownBody } = useMarkdown();
  return <IssueMarkdownBody body={body} />;
}

/**
 * An issue's or pull request's body as GitHub flavoured markdown (components/issue-markdown-body.tsx).
 * The renderer is downloaded the first time one is shown; meanwhile a small loading state
 * stands in for the text, never for the page.
 */
export function IssueMarkdown({ body }: { body: string }) {
  return (
    <Suspense fallback={<PageLoading label="Loading the description..." className="min-h-16" />}>
      <LoadedIssueMarkdown body={body} />
    </Suspense>
  );
}
