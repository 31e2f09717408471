import { spamMarkResultSchema, type PullRequestDetail, type SpamMarkResult } from '@openstake/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';
import { repoApiPath } from '@/features/maintainer-repositories/api/repository-api-path';
import { pullRequestsKeys } from './query-keys';

export const SPAM_MARK_FALLBACK_MESSAGE = 'Failed to change the spam mark';

export interface SpamMarkInput {
  owner: string;
  repo: string;
  number: number;
  /** true: mark it as spam; false: undo the mark. */
  spam: boolean;
}

/**
 * POST (mark) or DELETE (undo) /api/maintainer/repos/:owner/:repo/pulls/:number/spam-mark: only
 * for a closed pull request that was not merged; it weighs on the author's standing and moves no
 * coin.
 */
export async function setSpamMark({
  owner,
  repo,
  number,
  spam,
}: SpamMarkInput): Promise<SpamMarkResult> {
  const body = await apiRequest<{ data?: unknown }>(
    `${repoApiPath(owner, repo)}/pulls/${String(number)}/spam-mark`,
    spam ? { method: 'POST', body: {} } : { method: 'DELETE' },
  );
  return parseData(spamMarkResultSchema, body.data);
}

/** Marks or unmarks, then shows the new mark on the pull request's details. */
export function useSpamMark(onDone?: (result: SpamMarkResult, input: SpamMarkInput) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSpamMark,
    onSuccess: (result, input) => {
      queryClient.setQueryData<PullRequestDetail>(
        pullRequestsKeys.detail(input.owner, input.repo, input.number),
        (detail) => (detail ? { ...detail, spamMarked: result.spamMarked } : detail),
      );
      onDone?.(result, input);
    },
  });
}
