import {
  createdBountyIssueSchema,
  type CreateBountyIssueInput,
  type CreatedBountyIssue,
  type MaintainerBalance,
} from '@openstake/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';
import { bountyIssuesKeys } from './query-keys';

/** What the error box and toast say when the server gives no reason. */
export const CREATE_ISSUE_FALLBACK_MESSAGE = 'Issue creation failed';

/**
 * POST /api/maintainer/bounty-issues. The server writes the issue to GitHub, adds the stake-N and
 * bounty-N labels, escrows bounty + fee from the maintainer's coins and records a chain bounty,
 * when one is asked for, as awaiting funding from their wallet; it answers 422 INSUFFICIENT_COINS,
 * 400 (GitHub refused the issue, an unknown assignee say, with GitHub's reason; or a chain bounty
 * the server cannot hold), 403 (no push permission, GitHub not linked) or 502 (GitHub down), each
 * with a message for the user.
 */
export async function createBountyIssue(
  input: CreateBountyIssueInput,
): Promise<CreatedBountyIssue> {
  const body = await apiRequest<{ data?: unknown }>('/api/maintainer/bounty-issues', {
    method: 'POST',
    body: input,
  });
  return parseData(createdBountyIssueSchema, body.data);
}

export function useCreateBountyIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBountyIssue,
    onSuccess: async (created) => {
      queryClient.setQueryData<MaintainerBalance>(bountyIssuesKeys.balance, {
        coins: created.balance,
      });
      await queryClient.invalidateQueries({ queryKey: bountyIssuesKeys.all });
    },
  });
}
