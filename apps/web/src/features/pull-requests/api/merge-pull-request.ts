import { mergeResultSchema, type MergeFeedback, type MergeResult } from '@openstake/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';
import { repoApiPath } from '@/features/maintainer-repositories/api/repository-api-path';
import { maintainerRepositoriesKeys } from '@/features/maintainer-repositories/api/query-keys';
import { pullRequestsKeys } from './query-keys';

export const MERGE_FALLBACK_MESSAGE = 'Failed to merge the pull request';

export interface MergePullRequestInput {
  owner: string;
  repo: string;
  number: number;
  feedback: MergeFeedback;
}

/**
 * POST /api/maintainer/repos/:owner/:repo/pulls/:number/merge with the merge feedback. One server
 * operation merges on GitHub, settles a stake, pays a bounty and awards the XP and coins the
 * server computes from the feedback; when it fails nothing has changed.
 */
export async function mergePullRequest({
  owner,
  repo,
  number,
  feedback,
}: MergePullRequestInput): Promise<MergeResult> {
  const body = await apiRequest<{ data?: unknown }>(
    `${repoApiPath(owner, repo)}/pulls/${String(number)}/merge`,
    { method: 'POST', body: feedback },
  );
  return parseData(mergeResultSchema, body.data);
}

/**
 * `onMerged` runs before the list is refreshed: the refresh drops the merged pull request, and
 * with it the card and dialog that asked for the merge, so a callback given to `mutate` (which
 * only runs while its component is mounted) could be lost.
 */
export function useMergePullRequest(
  onMerged?: (result: MergeResult, input: MergePullRequestInput) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergePullRequest,
    onSuccess: async (result, input) => {
      onMerged?.(result, input);
      const { owner, repo } = input;
      // The merged pull request leaves the open list; a linked issue may have closed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pullRequestsKeys.list(owner, repo) }),
        queryClient.invalidateQueries({ queryKey: maintainerRepositoriesKeys.issues(owner, repo) }),
      ]);
    },
  });
}
