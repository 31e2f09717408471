import {
  createStakeInputSchema,
  stakeSchema,
  type AiAssistance,
  type Stake,
} from '@openstake/core';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';
import { invalidateContributorProfiles } from '@/features/contributor-profile/api/contributor-profile';
import { issuesKeys } from '@/features/issues/api/query-keys';
import { stakesKeys } from './query-keys';

export const CREATE_STAKE_SUCCESS_MESSAGE = 'Stake created successfully! Good luck with your PR!';
export const CREATE_STAKE_FALLBACK_MESSAGE = 'Failed to create stake';

export interface CreateStakeRequest {
  issueId: number;
  prUrl: string;
  amount: number;
  /** What the contributor declares of AI's part in the pull request. */
  aiAssistance: AiAssistance;
}

export type StakeInputCheck =
  { ok: true; input: CreateStakeRequest } | { ok: false; message: string };

/**
 * Checks the stake form with the contract's schema before anything is sent: a pull-request URL
 * that is blank after trimming gives 'Please provide a valid PR URL'. Returns the
 * trimmed input the server will be sent.
 */
export function checkStakeInput(request: CreateStakeRequest): StakeInputCheck {
  const parsed = createStakeInputSchema.safeParse(request);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid stake' };
  const { issueId, prUrl, amount, aiAssistance } = parsed.data;
  return { ok: true, input: { issueId, prUrl, amount, aiAssistance } };
}

/**
 * POST /api/contributor/stakes { issueId, prUrl, amount, aiAssistance }. The server checks the
 * pull request, the amount (the contributor's price), the balance, the repository's limits and
 * its AI policy, and answers with the server's reason when it refuses.
 */
export async function createStake(input: CreateStakeRequest): Promise<Stake> {
  const body = await apiRequest<{ data?: unknown }>('/api/contributor/stakes', {
    method: 'POST',
    body: input,
  });
  return parseData(stakeSchema, body.data);
}

/**
 * After a stake, the new stake, the lower balance and one more active stake show everywhere,
 * and the issue's page shows the stake waiting for review instead of offering a second one.
 */
export async function refreshAfterStake(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: stakesKeys.all }),
    invalidateContributorProfiles(queryClient),
    queryClient.invalidateQueries({ queryKey: issuesKeys.details }),
  ]);
}

export function useCreateStake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStake,
    onSuccess: () => refreshAfterStake(queryClient),
  });
}
