import type { WalletType } from './wallet-state';

/** What a wallet reports once connected. */
export interface WalletConnection {
  accountId: string;
  /** Display balance in the wallet's unit; null when it could not be read. */
  balance: string | null;
}

/** One way to connect a wallet; the header's wallet menu takes one per wallet type. */
export interface WalletConnector {
  connect: () => Promise<WalletConnection>;
}

export type WalletConnectors = Readonly<Record<WalletType, WalletConnector>>;

/** A failure whose message is meant for the user as it is. */
export class WalletConnectError extends Error {
  override name = 'WalletConnectError';
}

export const HEDERA_COMING_SOON = 'Hedera wallet connection is coming soon. Use MetaMask for now.';
export const METAMASK_NOT_INSTALLED =
  'MetaMask is not installed. Please install it from metamask.io';
export const METAMASK_NO_ACCOUNTS = 'No accounts found in MetaMask.';
export const METAMASK_FAILED = 'Failed to connect to MetaMask';

/** The Hedera wallet is a placeholder in the spec (s2.3); it says so instead of pretending. */
export const hederaPlaceholderConnector: WalletConnector = {
  connect: () => Promise.reject(new WalletConnectError(HEDERA_COMING_SOON)),
};

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

const WEI_PER_ETH = 10n ** 18n;
const WEI_PER_DISPLAY_UNIT = 10n ** 14n; // 4 decimals

/**
 * Wei as ETH with 4 decimals (spec 000 s7), in integer arithmetic so no float rounding shows a
 * balance the wallet does not hold: the fifth decimal onward is cut, never rounded up.
 */
export function formatWeiAsEth(wei: bigint): string {
  if (wei < 0n) throw new RangeError('A balance cannot be negative');
  const whole = wei / WEI_PER_ETH;
  const fraction = (wei % WEI_PER_ETH) / WEI_PER_DISPLAY_UNIT;
  return `${whole.toString()}.${fraction.toString().padStart(4, '0')}`;
}

/** A provider's answer to eth_getBalance (a hex quantity), or null when it is not one. */
export function parseWeiQuantity(value: unknown): bigint | null {
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value)) return null;
  return BigInt(value);
}

/**
 * MetaMask (or any EIP-1193 extension): ask for accounts, then read the first account's balance.
 * A balance that cannot be read leaves the wallet connected without one.
 */
export function metamaskConnector(
  getProvider: () => Eip1193Provider | undefined = browserEthereum,
): WalletConnector {
  return {
    async connect() {
      const provider = getProvider();
      if (!provider) throw new WalletConnectError(METAMASK_NOT_INSTALLED);

      const accounts = await provider.request({ method: 'eth_requestAccounts' });
      const accountId = Array.isArray(accounts)
        ? accounts.find(
            (account): account is string => typeof account === 'string' && account !== '',
          )
        : undefined;
      if (accountId === undefined) throw new WalletConnectError(METAMASK_NO_ACCOUNTS);

      let balance: string | null = null;
      try {
        const wei = parseWeiQuantity(
          await provider.request({ method: 'eth_getBalance', params: [accountId, 'latest'] }),
        );
        balance = wei === null ? null : formatWeiAsEth(wei);
      } catch (error) {
        console.warn('Could not read the MetaMask balance', error);
      }
      return { accountId, balance };
    },
  };
}

export const defaultWalletConnectors: WalletConnectors = {
  hedera: hederaPlaceholderConnector,
  metamask: metamaskConnector(),
};

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

export const CONNECT_FALLBACK: Readonly<Record<WalletType, string>> = {
  hedera: 'Failed to connect to Hedera wallet',
  metamask: METAMASK_FAILED,
};
