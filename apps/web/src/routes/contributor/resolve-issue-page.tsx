import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';

import { PageLoading } from '@/components/page-loading';
import { useResolvedIssue } from '@/features/issues/api/resolve-issue';
import { IssueNotFound } from '@/features/issues/components/issue-not-found';
import { useIssueLoadFailure } from '@/features/issues/hooks/use-issue-load-failure';
import { parseIssueRef } from '@/features/issues/lib/issue-ref';
import { issuesKeys } from '@/features/issues/api/query-keys';

/**
 * /contributor/issue/:owner/:repo/:number: a link to any GitHub issue, by repository and number
 * as GitHub's own addresses name it. The server finds and tracks it, and the page moves on to the
 * issue's page (/contributor/issue/{issueId}) with what it already loaded.
 */
export function ResolveIssuePage() {
  const ref = parseIssueRef(useParams());
  const resolved = useResolvedIssue(ref);
  const { notFound } = useIssueLoadFailure(resolved);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!resolved.data) return;
    const { issue } = resolved.data;
    queryClient.setQueryData(issuesKeys.detail(issue.id), resolved.data);
    void navigate(`/contributor/issue/${String(issue.id)}`, { replace: true });
  }, [resolved.data, queryClient, navigate]);

  if (ref === null || notFound) return <IssueNotFound />;
  return <PageLoading label="Loading issue details..." />;
}
