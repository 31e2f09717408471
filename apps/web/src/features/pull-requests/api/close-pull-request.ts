import { closePullRequestResultSchema } from '@openstake/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';
import { repoApiPath } from '@/features/maintainer-repositories/api/repository-api-path';
import { pullRequestsKeys } from './query-keys';

export const CLOSE_PULL_REQUEST_FALLBACK_MESSAGE = 'Failed to close the pull request';

export type StakeOutcome = 'rejected' | 'expired' | null;

export interface ClosePullRequestInput {
  owner: string;
  repo: string;
  number: number;
}

/**
 * POST /api/maintainer/repos/:owner/:repo/pulls/:number/close: closes it on GitHub and settles a
 * pending stake on it (rejected after a review, refunded without).
 */
export async function closePullRequest({
  owner,
  repo,
  number,
}: ClosePullRequestInput): Promise<{ stakeOutcome: StakeOutcome }> {
  const body = await apiRequest<{ data?: unknown }>(
    `${repoApiPath(owner, repo)}/pulls/${String(number)}/close`,
    { method: 'POST', body: {} },
  );
  return parseData(closePullRequestResultSchema, body.data);
}

/** `onClosed` runs before the list is refreshed, which unmounts the card that asked (see merge). */
export function useClosePullRequest(
  onClosed?: (result: { stakeOutcome: StakeOutcome }, input: ClosePullRequestInput) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closePullRequest,
    onSuccess: async (result, input) => {
      onClosed?.(result, input);
      await queryClient.invalidateQueries({
        queryKey: pullRequestsKeys.list(input.owner, input.repo),
      });
    },
  });
}
