import {
  demoFundingResultSchema,
  demoWalletSchema,
  hederaBalanceSchema,
  hederaConnectResultSchema,
  linkWalletResultSchema,
  storeValuesResultSchema,
  walletsViewSchema,
  type DemoWallet,
  type HederaConnectInput,
  type HederaConnectResult,
  type LinkWalletInput,
  type LinkWalletResult,
  type StoreValuesInput,
  type WalletChallenge,
  type WalletType,
  type WalletsView,
} from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { walletKeys } from './query-keys';

/** POST /api/store/values: keeps the form's values; answers the challenge the wallet signs. */
export async function storeWalletValues(input: StoreValuesInput): Promise<WalletChallenge> {
  const body = await apiRequest<unknown>('/api/store/values', { method: 'POST', body: input });
  return parseData(storeValuesResultSchema, body).challenge;
}

/** POST /api/hedera/connect: the Hedera account's signature of the challenge links it. */
export async function connectHedera(input: HederaConnectInput): Promise<HederaConnectResult> {
  const body = await apiRequest<unknown>('/api/hedera/connect', { method: 'POST', body: input });
  return parseData(hederaConnectResultSchema, body);
}

/** POST /api/users/create: the wallet user record, linking the wallet to the signed-in account. */
export async function createWalletUser(input: LinkWalletInput): Promise<LinkWalletResult> {
  const body = await apiRequest<unknown>('/api/users/create', { method: 'POST', body: input });
  return parseData(linkWalletResultSchema, body);
}

export async function getLinkedWallets(signal?: AbortSignal): Promise<WalletsView> {
  const body = await apiRequest<{ data?: unknown }>('/api/wallet', { signal });
  return parseData(walletsViewSchema, body.data);
}

export async function getHederaBalance(signal?: AbortSignal): Promise<string> {
  const body = await apiRequest<{ data?: unknown }>('/api/wallet/hedera/balance', { signal });
  return parseData(hederaBalanceSchema, body.data).balance;
}

export async function disconnectWallet(walletType: WalletType): Promise<void> {
  await apiRequest<unknown>(`/api/wallet/${walletType}`, { method: 'DELETE' });
}

/**
 * POST /api/demo/wallet (demo mode): makes, links and funds the maintainer's wallet on the local
 * test chain. `replaceLinkedWallet`: it takes the place of an EVM wallet they linked before.
 */
export async function provideDemoWallet(replaceLinkedWallet: boolean): Promise<DemoWallet> {
  const body = await apiRequest<{ data?: unknown }>('/api/demo/wallet', {
    method: 'POST',
    body: { replaceLinkedWallet },
  });
  return parseData(demoWalletSchema, body.data);
}

/** POST /api/demo/wallet/fund: the demo wallet pays one of the maintainer's chain bounties in. */
export async function fundWithDemoWallet(issueId: number): Promise<string> {
  const body = await apiRequest<{ data?: unknown }>('/api/demo/wallet/fund', {
    method: 'POST',
    body: { issueId },
  });
  return parseData(demoFundingResultSchema, body.data).txHash;
}

/** The signed-in user's linked wallets: what the header shows after a reload. */
export function useLinkedWallets(enabled = true) {
  return useQuery({
    queryKey: walletKeys.linked(),
    queryFn: ({ signal }) => getLinkedWallets(signal),
    retry: retryUnlessClientError,
    enabled,
  });
}

/** The linked Hedera account's balance in HBAR, from the mirror node through the server. */
export function useHederaBalance(accountId: string | null) {
  return useQuery({
    queryKey: walletKeys.hederaBalance(accountId ?? ''),
    queryFn: ({ signal }) => getHederaBalance(signal),
    retry: retryUnlessClientError,
    enabled: accountId !== null,
  });
}
