import { formatWeiAsEth } from '@openstake/core';

/**
 * The browser's side of proving a wallet (decision 010): MetaMask (any EIP-1193 provider on
 * `window.ethereum`) and an injected Hedera signer (`window.hedera`). Neither ever sees a
 * private key of ours; they answer accounts and signatures, the server checks them.
 */

/** Why a wallet could not be used; each screen words it in its own way. */
export type WalletFailure = 'metamask-missing' | 'metamask-no-accounts' | 'hedera-missing';

/** A failure whose `kind` the screen turns into its own text. */
export class WalletConnectError extends Error {
  override name = 'WalletConnectError';
  constructor(
    readonly kind: WalletFailure | 'other',
    message: string,
  ) {
    super(message);
  }
}

/** The EIP-1193 provider a browser wallet extension puts on window.ethereum. */
export interface Eip1193Provider {
  request: (args: { method: string; params?: readonly unknown[] }) => Promise<unknown>;
}

export function browserEthereum(): Eip1193Provider | undefined {
  if (typeof window === 'undefined') return undefined;
  const candidate = (window as { ethereum?: unknown }).ethereum;
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const { request } = candidate as { request?: unknown };
  return typeof request === 'function' ? (candidate as Eip1193Provider) : undefined;
}

/** A provider's answer to eth_getBalance (a hex quantity), or null when it is not one. */
export function parseWeiQuantity(value: unknown): bigint | null {
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value)) return null;
  return BigInt(value);
}

/** The browser's EIP-1193 provider, or the 'MetaMask is not installed' failure. */
export function requireEthereum(
  provider: Eip1193Provider | undefined = browserEthereum(),
): Eip1193Provider {
  if (!provider) throw new WalletConnectError('metamask-missing', 'MetaMask is not installed');
  return provider;
}

/** eth_requestAccounts: the first account the wallet gives, lowercased. */
export async function requestEvmAccount(provider: Eip1193Provider | undefined): Promise<string> {
  const accounts = await requireEthereum(provider).request({ method: 'eth_requestAccounts' });
  const account = Array.isArray(accounts)
    ? accounts.find((a): a is string => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a))
    : undefined;
  if (account === undefined) {
    throw new WalletConnectError('metamask-no-accounts', 'No accounts found');
  }
  return account.toLowerCase();
}

/** personal_sign (EIP-191) of the challenge text by `account`; the signature as hex. */
export async function personalSign(
  provider: Eip1193Provider,
  account: string,
  message: string,
): Promise<string> {
  const hex = `0x${Array.from(new TextEncoder().encode(message), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')}`;
  const signature = await provider.request({ method: 'personal_sign', params: [hex, account] });
  if (typeof signature !== 'string') throw new Error('The wallet gave no signature');
  return signature;
}

/** The account's balance in ETH with 4 decimals, or null when the wallet cannot say. */
export async function readEthBalance(
  provider: Eip1193Provider | undefined,
  account: string,
): Promise<string | null> {
  if (!provider) return null;
  try {
    const wei = parseWeiQuantity(
      await provider.request({ method: 'eth_getBalance', params: [account, 'latest'] }),
    );
    return wei === null ? null : formatWeiAsEth(wei);
  } catch (error) {
    console.warn('Could not read the MetaMask balance', error);
    return null;
  }
}

/**
 * An injected Hedera signer: there is no standard Hedera provider in the page, so OpenStake
 * accepts any object on `window.hedera` with these two methods (decision 010). `signMessage`
 * signs the UTF-8 bytes of the challenge with the account's key (ED25519, or ECDSA over
 * keccak-256 as Hedera does; with or without the `\x19Hedera Signed Message:\n` prefix) and
 * answers the signature as bytes or hex.
 */
export interface HederaSigner {
  getAccountId: () => Promise<string> | string;
  signMessage: (message: Uint8Array) => Promise<Uint8Array | string> | Uint8Array | string;
}

export function browserHederaSigner(): HederaSigner | undefined {
  if (typeof window === 'undefined') return undefined;
  const candidate = (window as { hedera?: unknown }).hedera;
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const { getAccountId, signMessage } = candidate as Record<string, unknown>;
  return typeof getAccountId === 'function' && typeof signMessage === 'function'
    ? (candidate as HederaSigner)
    : undefined;
}

/** A signature as the server takes it: hex without 0x. */
export function signatureHex(signature: Uint8Array | string): string {
  if (typeof signature === 'string') return signature.trim().replace(/^0x/i, '');
  return Array.from(signature, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The injected Hedera signer's account and its signature of `message`. */
export async function signWithHederaSigner(signer: HederaSigner, message: string): Promise<string> {
  return signatureHex(await signer.signMessage(new TextEncoder().encode(message)));
}

/**
 * The text shown for a failed connection: ours as written; a wallet's own message (MetaMask
 * rejects with plain { code, message } objects, e.g. 'User rejected the request.'); else the
 * fallback.
 */
export function walletErrorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/** A chain id as a JSON-RPC quantity ('0x7a69'). */
const chainIdHex = (chainId: number): string => `0x${chainId.toString(16)}`;

/**
 * Sends a transaction with the browser's wallet (eth_sendTransaction) from `account`, which must be
 * the account the wallet gives (the one linked to the OpenStake account), on chain `chainId`: a
 * wallet on another chain is asked to switch first (wallet_switchEthereumChain). The wallet shows
 * the transaction, its amount and its fee, and signs it; the answer is its hash. The page never
 * sees a key.
 */
export async function sendWalletTransaction(
  provider: Eip1193Provider,
  tx: { account: string; chainId: number; to: string; data: string; value: string },
): Promise<string> {
  const account = await requestEvmAccount(provider);
  if (account !== tx.account.toLowerCase()) {
    throw new WalletConnectError(
      'other',
      `Your wallet gives the account ${account}; switch it to ${tx.account}, the wallet linked to your account.`,
    );
  }
  const current = await provider.request({ method: 'eth_chainId' });
  if (typeof current !== 'string' || Number.parseInt(current, 16) !== tx.chainId) {
    try {
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: chainIdHex(tx.chainId) }],
      });
    } catch {
      throw new WalletConnectError(
        'other',
        `Your wallet is on another network: switch it to chain ${String(tx.chainId)} and try again.`,
      );
    }
  }
  const hash = await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: account, to: tx.to, data: tx.data, value: tx.value }],
  });
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new Error('The wallet gave no transaction hash');
  }
  return hash.toLowerCase();
}
