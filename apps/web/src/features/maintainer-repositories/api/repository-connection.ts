import type { RepositoryPolicy } from '@openstake/core';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { maintainerRepositoriesKeys } from './query-keys';

/** A repository as the connection endpoints name it. */
export interface RepositoryRef {
  owner: string;
  repo: string;
}

export const CONNECT_FALLBACK_MESSAGE = 'Failed to connect the repository';
export const DISCONNECT_FALLBACK_MESSAGE = 'Failed to disconnect the repository';
export const UPDATE_DEDUCTION_FALLBACK_MESSAGE = 'Failed to update the deduction percent';
export const UPDATE_BOT_COMMENTS_FALLBACK_MESSAGE = 'Failed to update bot comments';
export const UPDATE_STAKE_POLICY_FALLBACK_MESSAGE = 'Failed to save the stake policy';

const repositoryPath = ({ owner, repo }: RepositoryRef) =>
  `/api/maintainer/repositories/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;

/*
 * The answers of these calls are not read: the repository list is fetched again after each,
 * and it is the one source of what is connected at which percent.
 */

/** POST /api/maintainer/repositories: connect (push permission checked on GitHub, webhook added). */
export async function connectRepository(
  input: RepositoryRef & { deductionPercent: number },
): Promise<void> {
  await apiRequest('/api/maintainer/repositories', { method: 'POST', body: input });
}

/** PATCH /api/maintainer/repositories/:owner/:repo { deductionPercent }. */
export async function updateDeductionPercent(
  input: RepositoryRef & { deductionPercent: number },
): Promise<void> {
  await apiRequest(repositoryPath(input), {
    method: 'PATCH',
    body: { deductionPercent: input.deductionPercent },
  });
}

/**
 * PATCH /api/maintainer/repositories/:owner/:repo { botComments }: whether the GitHub App's bot
 * comments on pull requests of the repository when their stakes settle.
 */
export async function updateBotComments(
  input: RepositoryRef & { botComments: boolean },
): Promise<void> {
  await apiRequest(repositoryPath(input), {
    method: 'PATCH',
    body: { botComments: input.botComments },
  });
}

/**
 * PATCH /api/maintainer/repositories/:owner/:repo with the stake policy's changed settings
 * (decision 015): who may stake in the repository, how many at once, and what the bot does.
 */
export async function updateStakePolicy(
  input: RepositoryRef & { policy: Partial<RepositoryPolicy> },
): Promise<void> {
  await apiRequest(repositoryPath(input), { method: 'PATCH', body: input.policy });
}

/** DELETE /api/maintainer/repositories/:owner/:repo: disconnect (the webhook is removed). */
export async function disconnectRepository(input: RepositoryRef): Promise<void> {
  await apiRequest(repositoryPath(input), { method: 'DELETE' });
}

/**
 * A change to the maintainer's repositories: the list is fetched again once it settles, either
 * way. The mutation stays pending until that refetch ends, so a control that shows the value it
 * sent while pending does not flick back to the old one in between.
 */
export const repositoryMutation = <T, R>(
  queryClient: QueryClient,
  mutationFn: (input: T) => Promise<R>,
) => ({
  mutationFn,
  onSettled: () => queryClient.invalidateQueries({ queryKey: maintainerRepositoriesKeys.list }),
});

function useRepositoryMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation(repositoryMutation(queryClient, mutationFn));
}

export const useConnectRepository = () => useRepositoryMutation(connectRepository);
export const useUpdateDeductionPercent = () => useRepositoryMutation(updateDeductionPercent);
export const useUpdateBotComments = () => useRepositoryMutation(updateBotComments);
export const useUpdateStakePolicy = () => useRepositoryMutation(updateStakePolicy);
export const useDisconnectRepository = () => useRepositoryMutation(disconnectRepository);

export interface BulkConnectResult {
  connected: string[];
  failed: { fullName: string; message: string }[];
}

/**
 * Connects several repositories one after another (each adds a webhook on GitHub, so they are not
 * fired in parallel), at one deduction percent. A failure does not stop the others.
 */
export async function connectRepositories(input: {
  repositories: readonly (RepositoryRef & { fullName: string })[];
  deductionPercent: number;
}): Promise<BulkConnectResult> {
  const result: BulkConnectResult = { connected: [], failed: [] };
  for (const { owner, repo, fullName } of input.repositories) {
    try {
      await connectRepository({ owner, repo, deductionPercent: input.deductionPercent });
      result.connected.push(fullName);
    } catch (error) {
      result.failed.push({ fullName, message: errorMessage(error, CONNECT_FALLBACK_MESSAGE) });
    }
  }
  return result;
}

export const useConnectRepositories = () => useRepositoryMutation(connectRepositories);
