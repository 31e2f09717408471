import { maintainerBalanceSchema, type MaintainerBalance } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api/client';
import { parseData, retryUnlessClientError } from '../../../lib/api/parse';

export const maintainerBalanceQueryKey = ['maintainer', 'balance'] as const;

/** GET /api/maintainer/balance: the signed-in maintainer's coins, which fund bounties. */
export async function getMaintainerBalance(signal?: AbortSignal): Promise<MaintainerBalance> {
  const body = await apiRequest<{ data?: unknown }>('/api/maintainer/balance', { signal });
  return parseData(maintainerBalanceSchema, body.data);
}

export function useMaintainerBalance() {
  return useQuery({
    queryKey: maintainerBalanceQueryKey,
    queryFn: ({ signal }) => getMaintainerBalance(signal),
    retry: retryUnlessClientError,
  });
}
