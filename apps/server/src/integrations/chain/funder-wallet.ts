import { bountyEscrowAbi } from '@openstake/contracts';
import { createPublicClient, createWalletClient, defineChain, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ChainError, type ChainSettings, type Hex } from './chain';
import { toChainError } from './viem-errors';

/**
 * A wallet other than the operator's that pays a chain bounty in (the escrow's createIssue with
 * the bounty as value), signed here with its own key: demo mode's wallets only, whose keys the
 * server keeps (modules/wallets/demo-wallet.ts). A maintainer's real wallet signs in their
 * browser instead; the operator's key is never used for this.
 */
export interface FunderWallet {
  readonly address: Hex;
  balance(): Promise<bigint>;
  /** Sends the funding and waits for it to be mined; throws a ChainError when refused. */
  fund(input: { issueId: bigint; amount: bigint; deadline: bigint }): Promise<Hex>;
}

/** Each address's sends, one at a time in this process: two at once would take the same nonce. */
const sendsOf = new Map<string, Promise<unknown>>();

function oneAtATime<T>(address: string, send: () => Promise<T>): Promise<T> {
  const next = (sendsOf.get(address) ?? Promise.resolve()).then(send, send);
  const settled = next.catch(() => undefined);
  sendsOf.set(address, settled);
  void settled.then(() => {
    if (sendsOf.get(address) === settled) sendsOf.delete(address);
  });
  return next;
}

export function createFunderWallet(
  settings: Pick<ChainSettings, 'rpcUrl' | 'chainId' | 'escrowAddress'>,
  privateKey: Hex,
): FunderWallet {
  const account = privateKeyToAccount(privateKey);
  const chain = defineChain({
    id: settings.chainId,
    name: `chain ${String(settings.chainId)}`,
    nativeCurrency: { name: 'native', symbol: 'native', decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  });
  const transport = http(settings.rpcUrl, { retryCount: 1, timeout: 15_000 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 });
  const walletClient = createWalletClient({ chain, transport, account });
  return {
    address: account.address,
    balance: () => publicClient.getBalance({ address: account.address }),
    fund: ({ issueId, amount, deadline }) =>
      oneAtATime(account.address, async () => {
        try {
          const hash = await walletClient.writeContract({
            address: settings.escrowAddress,
            abi: bountyEscrowAbi,
            functionName: 'createIssue',
            args: [issueId, deadline],
            value: amount,
          });
          const { status } = await publicClient.waitForTransactionReceipt({
            hash,
            timeout: 60_000,
          });
          if (status === 'reverted')
            throw new ChainError('reverted', `the transaction ${hash} reverted`);
          return hash;
        } catch (error) {
          throw toChainError(error);
        }
      }),
  };
}
