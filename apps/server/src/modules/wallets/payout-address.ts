import { eq } from 'drizzle-orm';
import type { Hex } from '../../integrations/chain/chain';
import type { Queryable } from '../../db/database';
import { wallets } from '../../db/schema';

/**
 * The EVM address of a Hedera account `shard.realm.num`: its "long-zero" form, 4 bytes of shard,
 * 8 of realm and 8 of num, which Hedera's EVM (and so its JSON-RPC relay) pays to that account.
 */
export function hederaLongZeroAddress(accountId: string): Hex {
  const parts = accountId.split('.').map((part) => BigInt(part));
  const [shard, realm, num] = parts;
  if (parts.length !== 3 || shard === undefined || realm === undefined || num === undefined) {
    throw new Error(`not a Hedera account id: ${accountId}`);
  }
  const hex = (value: bigint, bytes: number) => value.toString(16).padStart(bytes * 2, '0');
  return `0x${hex(shard, 4)}${hex(realm, 8)}${hex(num, 8)}`;
}

/**
 * Where a contributor's on-chain bounty payout goes: the wallet they linked by signing
 * (decision 010), their MetaMask address first, else their Hedera account. Null without one: the
 * outbox's payout then waits until they link a wallet.
 */
export async function payoutAddressOf(db: Queryable, userId: string): Promise<Hex | null> {
  const linked = await db
    .select({ type: wallets.type, address: wallets.address })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  const metamask = linked.find((w) => w.type === 'metamask');
  if (metamask) return metamask.address as Hex;
  const hedera = linked.find((w) => w.type === 'hedera');
  return hedera ? hederaLongZeroAddress(hedera.address) : null;
}
