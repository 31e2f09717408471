import { maintainerBalanceSchema, type MaintainerBalance } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { bountyIssuesKeys } from './query-keys';

/** GET /api/maintainer/balance: the signed-in maintainer's coins, which fund bounties. */
export async function getMaintainerBalance(signal?: AbortSignal): Promise<MaintainerBalance> {
  const body = await apiRequest<{ data?: unknown }>('/api/maintainer/balance', { signal });
  return parseData(maintainerBalanceSchema, body.data);
}

export function useMaintainerBalance() {
  return useQuery({
    queryKey: bountyIssuesKeys.balance,
    queryFn: ({ signal }) => getMaintainerBalance(signal),
    retry: retryUnlessClientError,
  });
}
