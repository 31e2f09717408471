import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/api/client';
import { parseData, retryUnlessClientError, type Parser } from '../../../lib/api/parse';

export interface MaintainerBalance {
  coins: number;
}

export const maintainerBalanceQueryKey = ['maintainer', 'balance'] as const;

/** `{ coins }` with a whole, non-negative number of coins. */
export const maintainerBalanceParser: Parser<MaintainerBalance> = {
  safeParse: (value) => {
    const coins = (value as { coins?: unknown } | null | undefined)?.coins;
    return typeof coins === 'number' && Number.isSafeInteger(coins) && coins >= 0
      ? { success: true, data: { coins } }
      : { success: false, error: new TypeError('Expected { coins: integer >= 0 }') };
  },
};

/** GET /api/maintainer/balance: the signed-in maintainer's coins, which fund bounties. */
export async function getMaintainerBalance(signal?: AbortSignal): Promise<MaintainerBalance> {
  const body = await apiRequest<{ data?: unknown }>('/api/maintainer/balance', { signal });
  return parseData(maintainerBalanceParser, body.data);
}

export function useMaintainerBalance() {
  return useQuery({
    queryKey: maintainerBalanceQueryKey,
    queryFn: ({ signal }) => getMaintainerBalance(signal),
    retry: retryUnlessClientError,
  });
}
