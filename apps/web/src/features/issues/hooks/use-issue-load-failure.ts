import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

import { errorMessage, isNotFound } from '@/lib/api/api-error';
import { ISSUE_DETAILS_FALLBACK_MESSAGE } from '../api/issue-details';

/**
 * Loading an issue page fails with a toast (the server's message, else 'Failed to
 * fetch issue details') and a return to the dashboard, except when the issue does not exist,
 * which the page itself says. Returns whether it does not exist.
 */
export function useIssueLoadFailure(query: { isError: boolean; error: unknown; data: unknown }): {
  notFound: boolean;
} {
  const navigate = useNavigate();
  const notFound = query.isError && isNotFound(query.error);
  const failed = query.isError && !notFound && query.data === undefined;

  useEffect(() => {
    if (!failed) return;
    const message = errorMessage(query.error, ISSUE_DETAILS_FALLBACK_MESSAGE);
    toast.error(message, { id: message, richColors: true });
    void navigate('/contributor/dashboard', { replace: true });
  }, [failed, query.error, navigate]);

  return { notFound };
}
