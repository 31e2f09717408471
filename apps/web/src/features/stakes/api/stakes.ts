import { stakeSchema, type Stake } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api/client';
import { parseData, retryUnlessClientError } from '../../../lib/api/parse';

export const stakesQueryKey = ['contributor', 'stakes'] as const;

/** GET /api/contributor/stakes: the signed-in contributor's stakes, newest first. */
export async function getStakes(signal?: AbortSignal): Promise<Stake[]> {
  const body = await apiRequest<{ data?: unknown }>('/api/contributor/stakes', { signal });
  return parseData(stakeSchema.array(), body.data);
}

export function useStakes() {
  return useQuery({
    queryKey: stakesQueryKey,
    queryFn: ({ signal }) => getStakes(signal),
    retry: retryUnlessClientError,
  });
}
