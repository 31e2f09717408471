import { issueDetailSchema, issueIdSchema, type IssueDetail } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { issuesKeys } from './query-keys';

export const ISSUE_DETAILS_FALLBACK_MESSAGE = 'Failed to fetch issue details';

/**
 * An issue page's answer. The issue carries both stakes: its own (`stakingRequired`) and what the
 * signed-in contributor must stake on it (`stakePrice`), which is what the stake dialog sends.
 */
export interface IssueDetails {
  issue: IssueDetail;
}

/** The issue id in /contributor/issue/{issueId}, or null when it cannot be one (then: not found). */
export function parseIssueId(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const parsed = issueIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** POST /api/contributor/issue-details/{issueId}: the issue and its stake; 404 when unknown. */
export async function getIssueDetails(
  issueId: number,
  signal?: AbortSignal,
): Promise<IssueDetails> {
  const body = await apiRequest<{ data?: unknown }>(
    `/api/contributor/issue-details/${String(issueId)}`,
    { method: 'POST', body: {}, signal },
  );
  return readIssueDetails(body.data);
}

/**
 * Reads `data` of an issue page's answer: `{ issue, bounty: { stakingRequired } }`. The `bounty`
 * part, kept for the original client, repeats the issue's own stake; the screens read the issue.
 */
export function readIssueDetails(data: unknown): IssueDetails {
  const value = (typeof data === 'object' && data !== null ? data : {}) as { issue?: unknown };
  return { issue: parseData(issueDetailSchema, value.issue) };
}

export function useIssueDetails(issueId: number | null) {
  return useQuery({
    queryKey: issuesKeys.detail(issueId ?? 0),
    queryFn: ({ signal }) => getIssueDetails(issueId ?? 0, signal),
    enabled: issueId !== null,
    retry: retryUnlessClientError,
  });
}
