import {
  contributorVouchSchema,
  repositoryVouchSchema,
  type ContributorVouch,
  type RepositoryVouch,
  type VouchInput,
} from '@openstake/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { maintainerRepositoriesKeys } from './query-keys';

export const VOUCHES_FALLBACK_MESSAGE = 'Failed to load the vouched and denounced users';
export const SET_VOUCH_FALLBACK_MESSAGE = 'Failed to save the vouch';
export const WITHDRAW_VOUCH_FALLBACK_MESSAGE = 'Failed to withdraw the vouch';

const vouchesPath = (owner: string, repo: string) =>
  `/api/maintainer/repositories/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/vouches`;

const vouchPath = (owner: string, repo: string, login: string) =>
  `${vouchesPath(owner, repo)}/${encodeURIComponent(login.replace(/^@/, ''))}`;

/** GET .../vouches: the repository's vouched and denounced users, newest first. */
export async function getRepositoryVouches(
  owner: string,
  repo: string,
  signal?: AbortSignal,
): Promise<RepositoryVouch[]> {
  const body = await apiRequest<{ data: unknown }>(vouchesPath(owner, repo), { signal });
  return parseData(repositoryVouchSchema.array(), body.data);
}

export function useRepositoryVouches(owner: string, repo: string, enabled = true) {
  return useQuery({
    queryKey: maintainerRepositoriesKeys.vouches(owner, repo),
    queryFn: ({ signal }) => getRepositoryVouches(owner, repo, signal),
    retry: retryUnlessClientError,
    enabled,
  });
}

export const USER_VOUCHES_FALLBACK_MESSAGE = 'Failed to load what maintainers said of them';

/** GET /api/maintainer/github-users/:login/vouches: across connected repositories, newest first. */
export async function getGithubUserVouches(
  login: string,
  signal?: AbortSignal,
): Promise<ContributorVouch[]> {
  const body = await apiRequest<{ data: unknown }>(
    `/api/maintainer/github-users/${encodeURIComponent(login)}/vouches`,
    { signal },
  );
  return parseData(contributorVouchSchema.array(), body.data);
}

export function useGithubUserVouches(login: string) {
  return useQuery({
    queryKey: maintainerRepositoriesKeys.userVouches(login),
    queryFn: ({ signal }) => getGithubUserVouches(login, signal),
    retry: retryUnlessClientError,
  });
}

export interface SetVouchInput extends VouchInput {
  owner: string;
  repo: string;
  login: string;
}

/** PUT .../vouches/:login: vouch for or denounce (with a reason) a GitHub user. */
export async function setVouch({ owner, repo, login, ...body }: SetVouchInput) {
  const answer = await apiRequest<{ data: unknown }>(vouchPath(owner, repo, login), {
    method: 'PUT',
    body,
  });
  return parseData(repositoryVouchSchema, answer.data);
}

/** DELETE .../vouches/:login: the user is neither vouched for nor denounced any more. */
export async function withdrawVouch(input: { owner: string; repo: string; login: string }) {
  await apiRequest(vouchPath(input.owner, input.repo, input.login), { method: 'DELETE' });
}

/** A change to a repository's vouches: its list is fetched again once it settles. */
function useVouchMutation<T extends { owner: string; repo: string }, R>(
  mutationFn: (input: T) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async (_data, _error, input) => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: maintainerRepositoriesKeys.vouches(input.owner, input.repo),
        }),
        queryClient.invalidateQueries({ queryKey: maintainerRepositoriesKeys.allUserVouches }),
      ]);
    },
  });
}

export const useSetVouch = () => useVouchMutation(setVouch);
export const useWithdrawVouch = () => useVouchMutation(withdrawVouch);
