import { rewardAllowanceSchema, type RewardAllowance } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { repoApiPath } from '@/features/maintainer-repositories/api/repository-api-path';
import { pullRequestsKeys } from './query-keys';

/**
 * GET /api/maintainer/repos/:owner/:repo/pulls/:number/reward-allowance: what a merge by you could
 * make count for the author now (the repository's standing, what you and its organization gave
 * them in 30 days). The merge dialog previews the reward with it and core's countXp.
 */
export async function getRewardAllowance(
  owner: string,
  repo: string,
  number: number,
  signal?: AbortSignal,
): Promise<RewardAllowance> {
  const body = await apiRequest<{ data?: unknown }>(
    `${repoApiPath(owner, repo)}/pulls/${String(number)}/reward-allowance`,
    { signal },
  );
  return parseData(rewardAllowanceSchema, body.data);
}

export function useRewardAllowance(owner: string, repo: string, number: number) {
  return useQuery({
    queryKey: pullRequestsKeys.rewardAllowance(owner, repo, number),
    queryFn: ({ signal }) => getRewardAllowance(owner, repo, number, signal),
    retry: retryUnlessClientError,
  });
}
