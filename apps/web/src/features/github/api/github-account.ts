import { useQuery } from '@tanstack/react-query';

import { ApiError } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { githubKeys } from './query-keys';

/** The signed-in user's GitHub link, proven through OAuth. */
export interface GithubAccount {
  linked: boolean;
  /** The verified GitHub login; null while not linked. */
  login: string | null;
  /** ISO date of the link; null while not linked. */
  linkedAt: string | null;
}

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** Reads `data` of GET /api/github/account; a body without a boolean `linked` is a failed call. */
export function parseGithubAccount(value: unknown): GithubAccount {
  if (typeof value !== 'object' || value === null) throw new ApiError({ status: 200 });
  const { linked, login, linkedAt } = value as Record<string, unknown>;
  if (typeof linked !== 'boolean') throw new ApiError({ status: 200 });
  if (!linked) return { linked, login: null, linkedAt: null };
  return { linked, login: nonEmpty(login), linkedAt: nonEmpty(linkedAt) };
}

export async function getGithubAccount(signal?: AbortSignal): Promise<GithubAccount> {
  const body = await apiRequest<{ data?: unknown }>('/api/github/account', { signal });
  return parseGithubAccount(body.data);
}

export function useGithubAccount() {
  return useQuery({
    queryKey: githubKeys.account,
    queryFn: ({ signal }) => getGithubAccount(signal),
  });
}
