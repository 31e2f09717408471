import { issueDetailSchema, issueIdSchema, type IssueDetail } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { issuesKeys } from './query-keys';

export const ISSUE_DETAILS_FALLBACK_MESSAGE = 'Failed to fetch issue details';

export interface IssueDetails {
  issue: IssueDetail;
  /** The stake this issue requires, in coins: what the stake dialog sends. */
  stakingRequired: number;
}

const stakingRequiredSchema = issueDetailSchema.shape.stakingRequired;

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

/** Reads `data` of an issue page's answer: `{ issue, bounty: { stakingRequired } }`. */
export function readIssueDetails(data: unknown): IssueDetails {
  const value = (typeof data === 'object' && data !== null ? data : {}) as {
    issue?: unknown;
    bounty?: { stakingRequired?: unknown };
  };
  const issue = parseData(issueDetailSchema, value.issue);
  const fromBounty = stakingRequiredSchema.safeParse(value.bounty?.stakingRequired);
  return { issue, stakingRequired: fromBounty.success ? fromBounty.data : issue.stakingRequired };
}

export function useIssueDetails(issueId: number | null) {
  return useQuery({
    queryKey: issuesKeys.detail(issueId ?? 0),
    queryFn: ({ signal }) => getIssueDetails(issueId ?? 0, signal),
    enabled: issueId !== null,
    retry: retryUnlessClientError,
  });
}
