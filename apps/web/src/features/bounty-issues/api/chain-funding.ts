import { chainBountySchema, type ChainBounty } from '@openstake/core';

import { apiRequest } from '@/lib/api/client';
import { parseData } from '@/lib/api/parse';

/**
 * POST /api/chain/confirm-funding: asks the server to check on the chain that the maintainer's
 * wallet paid the chain bounty in (the hash only points at the transaction: the server believes
 * the chain). Answers the chain bounty as it now stands: funded, or still awaiting with why.
 */
export async function confirmChainFunding(input: {
  issueId: number;
  txHash: string | null;
}): Promise<ChainBounty> {
  const body = await apiRequest<{ data?: unknown }>('/api/chain/confirm-funding', {
    method: 'POST',
    body: input,
  });
  return parseData(chainBountySchema, body.data);
}
