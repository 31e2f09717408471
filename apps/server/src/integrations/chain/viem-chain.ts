import { bountyEscrowAbi, bountyEscrowStatuses } from '@openstake/contracts';
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  defineChain,
  formatUnits,
  http,
  parseEventLogs,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ChainError,
  type Chain,
  type ChainSettings,
  type EscrowEvent,
  type Hex,
  type OnSent,
} from './chain';
import { createFunderWallet } from './funder-wallet';
import { toChainError } from './viem-errors';

const WEI_DECIMALS = 18;
/** Blocks one eth_getLogs request covers at most (Hedera's relay allows 1,000). */
const LOG_RANGE = 1000n;

/**
 * The Chain through viem: reads with a public client, writes signed locally with the operator's
 * key (none of them sends value) (eth_sendRawTransaction), each write estimated first (so a refusal comes back as the
 * contract's error without spending gas) and waited for. Writes go one at a time per process, so
 * two never take the same nonce.
 */
export function createViemChain(settings: ChainSettings): Chain {
  const account = privateKeyToAccount(settings.operatorKey);
  const chain = defineChain({
    id: settings.chainId,
    name: `chain ${String(settings.chainId)}`,
    nativeCurrency: {
      name: settings.currency.symbol,
      symbol: settings.currency.symbol,
      decimals: WEI_DECIMALS,
    },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  });
  // One retry: the outbox retries with its own backoff, and a request must not hang on a dead node.
  const transport = http(settings.rpcUrl, { retryCount: 1, timeout: 15_000 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 500 });
  const walletClient = createWalletClient({ chain, transport, account });
  const address = settings.escrowAddress;
  let writes: Promise<unknown> = Promise.resolve();

  const write = (run: () => Promise<Hex>, onSent: OnSent | undefined): Promise<Hex> => {
    const next = writes.then(async () => {
      let hash: Hex;
      try {
        hash = await run();
      } catch (error) {
        throw toChainError(error);
      }
      await onSent?.(hash);
      let status: 'success' | 'reverted';
      try {
        ({ status } = await publicClient.waitForTransactionReceipt({ hash, timeout: 120_000 }));
      } catch (error) {
        throw toChainError(error);
      }
      if (status === 'reverted') {
        throw new ChainError('reverted', `the transaction ${hash} reverted`);
      }
      return hash;
    });
    writes = next.catch(() => undefined);
    return next;
  };

  const read = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toChainError(error);
    }
  };

  /** A transaction's receipt, or null while the chain has none (not mined, or never sent). */
  const receiptOrNull = (hash: Hex) =>
    publicClient.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof BaseError && error.name === 'TransactionReceiptNotFoundError') {
        return null;
      }
      throw error;
    });

  return {
    chainId: settings.chainId,
    escrowAddress: address,
    operatorAddress: account.address,
    currency: settings.currency,
    formatAmount(wei) {
      // Shown with the currency's own decimals (HBAR: 8), rounded down.
      const unit = 10n ** BigInt(WEI_DECIMALS - settings.currency.decimals);
      return formatUnits((wei / unit) * unit, WEI_DECIMALS);
    },
    explorerTxUrl: (hash) =>
      settings.explorerUrl ? settings.explorerUrl.replace('{hash}', hash) : null,

    setHold: ({ issueId, heldUntil }, onSent) =>
      write(
        () =>
          walletClient.writeContract({
            address,
            abi: bountyEscrowAbi,
            functionName: 'setHold',
            args: [issueId, heldUntil],
          }),
        onSent,
      ),
    assign: ({ issueId, assignee }, onSent) =>
      write(
        () =>
          walletClient.writeContract({
            address,
            abi: bountyEscrowAbi,
            functionName: 'assign',
            args: [issueId, assignee],
          }),
        onSent,
      ),
    release: ({ issueId, to }, onSent) =>
      write(
        () =>
          walletClient.writeContract({
            address,
            abi: bountyEscrowAbi,
            functionName: 'release',
            args: [issueId, to],
          }),
        onSent,
      ),
    refund: ({ issueId }, onSent) =>
      write(
        () =>
          walletClient.writeContract({
            address,
            abi: bountyEscrowAbi,
            functionName: 'refund',
            args: [issueId],
          }),
        onSent,
      ),

    getIssue: (issueId) =>
      read(async () => {
        const issue = await publicClient.readContract({
          address,
          abi: bountyEscrowAbi,
          functionName: 'getIssue',
          args: [issueId],
        });
        const status = bountyEscrowStatuses[issue.status] ?? 'none';
        if (status === 'none') return null;
        return {
          id: issueId,
          funder: issue.funder,
          deadline: issue.deadline,
          status,
          assignee: issue.assignee === zeroAddress ? null : issue.assignee,
          heldUntil: issue.heldUntil,
          amount: issue.amount,
        };
      }),
    issuesOf: (user, offset, limit) =>
      read(async () => {
        const [ids, total] = await publicClient.readContract({
          address,
          abi: bountyEscrowAbi,
          functionName: 'issuesOf',
          args: [user, offset, limit],
        });
        return { ids: [...ids], total };
      }),
    contractInfo: () =>
      read(async () => {
        const [version, operator, issueCount, totalHeld] = await publicClient.readContract({
          address,
          abi: bountyEscrowAbi,
          functionName: 'contractInfo',
        });
        return { version, operator, issueCount, totalHeld };
      }),
    async health() {
      try {
        const [chainId, blockNumber, code] = await Promise.all([
          publicClient.getChainId(),
          publicClient.getBlockNumber({ cacheTime: 0 }),
          publicClient.getCode({ address }),
        ]);
        if (chainId !== settings.chainId) {
          return {
            ok: false,
            error: `the node is chain ${String(chainId)}, not ${String(settings.chainId)}`,
          };
        }
        return {
          ok: true,
          chainId,
          blockNumber,
          escrowDeployed: code !== undefined && code !== '0x',
        };
      } catch (error) {
        return { ok: false, error: toChainError(error).message };
      }
    },
    latestTimestamp: () =>
      read(async () => (await publicClient.getBlock({ blockTag: 'latest' })).timestamp),
    transactionStatus: (hash) =>
      read(async () => {
        const receipt = await receiptOrNull(hash);
        return receipt ? receipt.status : 'unknown';
      }),
    transactionReceipt: (hash, issueId) =>
      read(async () => {
        const receipt = await receiptOrNull(hash);
        if (!receipt) return null;
        const events = parseEventLogs({ abi: bountyEscrowAbi, logs: receipt.logs })
          .filter(
            (log) =>
              log.address.toLowerCase() === address.toLowerCase() &&
              'id' in log.args &&
              log.args.id === issueId,
          )
          .map((log) => log.eventName);
        return { status: receipt.status, blockNumber: receipt.blockNumber, events };
      }),
    nodeChainId: () => read(() => publicClient.getChainId()),
    balanceOf: (who) => read(() => publicClient.getBalance({ address: who })),
    funderWallet: (privateKey) => createFunderWallet(settings, privateKey),
    blockNumber: () => read(() => publicClient.getBlockNumber({ cacheTime: 0 })),
    findEventTransaction: (event: EscrowEvent, issueId, fromBlock) =>
      read(async () => {
        // Newest range first, each at most LOG_RANGE blocks: JSON-RPC relays (Hedera's among
        // them) refuse eth_getLogs over a wider range.
        const latest = await publicClient.getBlockNumber({ cacheTime: 0 });
        for (let to = latest; to >= fromBlock; to -= LOG_RANGE) {
          const from = to - LOG_RANGE + 1n > fromBlock ? to - LOG_RANGE + 1n : fromBlock;
          const logs = await publicClient.getContractEvents({
            address,
            abi: bountyEscrowAbi,
            eventName: event,
            args: { id: issueId },
            fromBlock: from,
            toBlock: to,
          });
          const found = logs.at(-1)?.transactionHash;
          if (found) return found;
        }
        return null;
      }),
  };
}
