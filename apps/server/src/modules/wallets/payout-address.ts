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

/** Hedera's EVM chain ids (mainnet, testnet, previewnet): where a long-zero address is an account. */
const HEDERA_CHAIN_IDS: ReadonlySet<number> = new Set([295, 296, 297]);

/**
 * Where a contributor's on-chain bounty payout on chain `chainId` goes: the wallet they linked by
 * signing (decision 010), their MetaMask address first, else, on Hedera only, their Hedera
 * account's long-zero address. On any other chain that address is nobody's (a payout there would
 * be lost), so a Hedera-only contributor has none. Null without one: the outbox's payout then
 * waits until they link a wallet the chain can pay.
 */
export async function payoutAddressOf(
  db: Queryable,
  userId: string,
  chainId: number,
): Promise<Hex | null> {
  const linked = await db
    .select({ type: wallets.type, address: wallets.address })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  const metamask = linked.find((w) => w.type === 'metamask');
  if (metamask) return metamask.address as Hex;
  const hedera = linked.find((w) => w.type === 'hedera');
  return hedera && HEDERA_CHAIN_IDS.has(chainId) ? hederaLongZeroAddress(hedera.address) : null;
}

/**
 * The addresses a maintainer's chain bounty may be funded from on chain `chainId`: the wallets
 * they linked by signing, as the chain sees them (their MetaMask address; on Hedera's chains their
 * Hedera account's long-zero address), lowercase. A funding from any other address is not theirs.
 */
export async function fundingAddressesOf(
  db: Queryable,
  userId: string,
  chainId: number,
): Promise<string[]> {
  const linked = await db
    .select({ type: wallets.type, address: wallets.address })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return linked.flatMap((w) => {
    if (w.type === 'metamask') return [w.address.toLowerCase()];
    return HEDERA_CHAIN_IDS.has(chainId) ? [hederaLongZeroAddress(w.address)] : [];
  });
}
