import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { createWalletClient, defineChain, http, type Hex, type PrivateKeyAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, inject } from 'vitest';
import { devnetClient } from './chain';

/**
 * The browser wallet extensions the wallet tests stand in for: an EIP-1193 provider on
 * `window.ethereum` (MetaMask) and a Hedera signer on `window.hedera` (decision 010). Only the
 * interface lives in the page; the accounts and their keys live here, in Node, reached through
 * `exposeFunction`, so a private key never enters the page.
 */

export const WEI_PER_ETH = 10n ** 18n;

/** A new EVM account (viem), its key only in this process. */
export const newEvmAccount = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/**
 * What the wallet's chain reads answer: a fixed balance on chain 0x1 (nothing else answered), or
 * the demo's EVM devnet, where eth_getBalance, eth_chainId, eth_blockNumber and the other reads
 * below are forwarded from Node.
 */
export type MetamaskChain =
  { balanceWei: bigint; devnet?: never } | { devnet: true; balanceWei?: never };

export type MetamaskOptions = MetamaskChain & {
  /** The account the wallet gives on eth_requestAccounts. */
  account: PrivateKeyAccount;
  /**
   * Who signs on personal_sign: the account itself unless a test makes another key sign. Read at
   * each signature, so a test may change it between two (a wallet whose user picks another key).
   */
  signer?: PrivateKeyAccount;
  /** eth_requestAccounts rejects with this message, as a wallet rejects ({ code, message }). */
  rejectWith?: string;
};

/** The JSON-RPC reads a devnet-backed wallet forwards to the devnet (a wallet's node reads). */
const DEVNET_READS = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_getBlockByNumber',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
]);

/**
 * Sends a transaction from `account` on the demo's devnet, signed in Node with its key, as a
 * wallet does once its user confirms it (eth_sendTransaction).
 */
async function sendOnDevnet(
  account: PrivateKeyAccount,
  tx: { from?: unknown; to?: unknown; data?: unknown; value?: unknown },
): Promise<Hex> {
  if (String(tx.from).toLowerCase() !== account.address.toLowerCase()) {
    throw new Error(`eth_sendTransaction from ${String(tx.from)}, not the wallet's account`);
  }
  const rpcUrl = inject('chainRpcUrl');
  const chain = defineChain({
    id: await devnetClient().getChainId(),
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  return wallet.sendTransaction({
    to: tx.to as Hex,
    data: tx.data as Hex,
    value: BigInt(String(tx.value ?? '0x0')),
  });
}

/**
 * Installs a MetaMask-like provider in every page of `context` (call before the first goto):
 * eth_requestAccounts and eth_accounts answer the account, personal_sign the signer's EIP-191
 * signature of the hex message (the keys stay in Node); with a fixed balance eth_chainId answers
 * 0x1 and eth_getBalance the balance as a hex quantity, with `devnet` the chain reads go to the
 * demo's devnet over its JSON-RPC and eth_sendTransaction is signed in Node and sent there, as
 * the wallet does once its user confirms; on and removeListener do nothing.
 */
export async function installMetamask(
  context: BrowserContext,
  options: MetamaskOptions,
): Promise<void> {
  await context.exposeFunction('__e2eEthAccounts', () => [options.account.address]);
  await context.exposeFunction('__e2eEthSign', async (message: Hex, address: string) => {
    if (address.toLowerCase() !== options.account.address.toLowerCase()) {
      throw new Error(`personal_sign for ${address}, not the wallet's account`);
    }
    return (options.signer ?? options.account).signMessage({ message: { raw: message } });
  });
  if (options.devnet) {
    await context.exposeFunction('__e2eEthRpc', (method: string, params: unknown[]) => {
      if (method === 'eth_sendTransaction') {
        return sendOnDevnet(options.account, (params[0] ?? {}) as Record<string, unknown>);
      }
      if (!DEVNET_READS.has(method)) throw new Error(`The method ${method} is not supported`);
      return devnetClient().request({ method, params } as never);
    });
  }
  await context.addInitScript(
    ({ balanceHex, rejectWith }) => {
      const exposed = window as unknown as {
        __e2eEthAccounts: () => Promise<string[]>;
        __e2eEthSign: (message: string, address: string) => Promise<string>;
        __e2eEthRpc?: (method: string, params: readonly unknown[]) => Promise<unknown>;
      };
      const request = async ({
        method,
        params = [],
      }: {
        method: string;
        params?: readonly unknown[];
      }): Promise<unknown> => {
        switch (method) {
          case 'eth_requestAccounts':
            if (rejectWith !== null) throw { code: 4001, message: rejectWith };
            return exposed.__e2eEthAccounts();
          case 'eth_accounts':
            return exposed.__e2eEthAccounts();
          case 'personal_sign':
            return exposed.__e2eEthSign(String(params[0]), String(params[1]));
        }
        if (balanceHex === null && exposed.__e2eEthRpc) {
          try {
            return await exposed.__e2eEthRpc(method, params);
          } catch (error) {
            throw { code: -32603, message: error instanceof Error ? error.message : String(error) };
          }
        }
        switch (method) {
          case 'eth_chainId':
            return '0x1';
          case 'eth_getBalance':
            return balanceHex;
          default:
            throw { code: 4200, message: `The method ${method} is not supported` };
        }
      };
      Object.defineProperty(window, 'ethereum', {
        value: { isMetaMask: true, request, on: () => undefined, removeListener: () => undefined },
      });
    },
    {
      balanceHex: options.balanceWei === undefined ? null : `0x${options.balanceWei.toString(16)}`,
      rejectWith: options.rejectWith ?? null,
    },
  );
}

/** An ED25519 Hedera key, its private half only in this process. */
export interface HederaKey {
  /** The raw 32-byte public key as hex, as the mirror node shows it. */
  publicKey: string;
  /** The ED25519 signature of `message` (UTF-8 text or bytes), as hex. */
  sign: (message: string | Uint8Array) => string;
}

export function newHederaKey(): HederaKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The SPKI DER of an ED25519 key ends with the 32 raw bytes.
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { publicKey: raw.toString('hex'), sign: signer(privateKey) };
}

const signer =
  (privateKey: KeyObject) =>
  (message: string | Uint8Array): string =>
    sign(
      null,
      typeof message === 'string' ? Buffer.from(message, 'utf8') : message,
      privateKey,
    ).toString('hex');

/**
 * Creates an account with `key` and a balance in tinybars on the demo's Hedera mirror node
 * simulator (its `/_sim` route); returns its id (`0.0.N`).
 */
export async function createMirrorAccount(key: HederaKey, tinybars: bigint): Promise<string> {
  const res = await fetch(`${inject('hederaMirrorUrl')}/_sim/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      key: { type: 'ED25519', publicKey: key.publicKey },
      balance: tinybars.toString(),
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { accountId: string }).accountId;
}

/**
 * Installs a Hedera signer on `window.hedera` in every page of `context` (call before the first
 * goto): getAccountId() answers `accountId`, signMessage(bytes) the key's signature as hex.
 */
export async function installHederaSigner(
  context: BrowserContext,
  accountId: string,
  key: HederaKey,
): Promise<void> {
  await context.exposeFunction('__e2eHederaAccountId', () => accountId);
  await context.exposeFunction('__e2eHederaSign', (bytes: number[]) =>
    key.sign(Uint8Array.from(bytes)),
  );
  await context.addInitScript(() => {
    const exposed = window as unknown as {
      __e2eHederaAccountId: () => Promise<string>;
      __e2eHederaSign: (bytes: number[]) => Promise<string>;
    };
    Object.defineProperty(window, 'hedera', {
      value: {
        getAccountId: () => exposed.__e2eHederaAccountId(),
        signMessage: (message: Uint8Array) => exposed.__e2eHederaSign(Array.from(message)),
      },
    });
  });
}
