import { bountyEscrowAbi } from '@openstake/contracts';
import { createPublicClient, http, type Address, type PublicClient } from 'viem';
import { inject } from 'vitest';

/**
 * Demo mode's ledger network as the tests see it: the server's local EVM devnet (anvil), read over
 * its JSON-RPC (global-setup reads its address from the server's log), with the BountyEscrow
 * contract the server records bounty issues on.
 */

/** One whole unit of the devnet's currency, in wei. */
export const WEI_PER_UNIT = 10n ** 18n;

/** The contract's issue statuses (decision 009). */
export const EscrowStatus = { None: 0, Open: 1, Assigned: 2, Released: 3, Refunded: 4 } as const;

let client: PublicClient | undefined;

/** A viem public client on the demo's devnet. */
export function devnetClient(): PublicClient {
  client ??= createPublicClient({ transport: http(inject('chainRpcUrl')), pollingInterval: 100 });
  return client;
}

/** The escrow's record of a bounty issue (its id is the GitHub issue id), read on the chain. */
export async function escrowIssue(escrow: Address, issueId: bigint) {
  return devnetClient().readContract({
    address: escrow,
    abi: bountyEscrowAbi,
    functionName: 'getIssue',
    args: [issueId],
  });
}

/** Gives an address a balance on the devnet (anvil_setBalance): a wallet's own money. */
export async function setDevnetBalance(address: Address, wei: bigint): Promise<void> {
  await devnetClient().request({
    method: 'anvil_setBalance' as never,
    params: [address, `0x${wei.toString(16)}`] as never,
  });
}

/** The escrow's operator, as the contract reports it. */
export async function escrowOperator(escrow: Address): Promise<Address> {
  const [, operator] = await devnetClient().readContract({
    address: escrow,
    abi: bountyEscrowAbi,
    functionName: 'contractInfo',
  });
  return operator;
}
