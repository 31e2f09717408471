import { bountyEscrowAbi, bountyEscrowStatuses } from '@openstake/contracts';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  formatUnits,
  http,
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

const WEI_DECIMALS = 18;
/** Blocks one eth_getLogs request covers at most (Hedera's relay allows 1,000). */
const LOG_RANGE = 1000n;

/** A viem error as a ChainError: the contract's refusal by name, or the chain unreachable. */
function toChainError(error: unknown): ChainError {
  if (error instanceof ChainError) return error;
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      const name = reverted.data?.errorName;
      return new ChainError(
        'reverted',
        name ? `the escrow contract refused: ${name}` : 'the escrow contract refused the call',
        name,
      );
    }
    return new ChainError('unavailable', error.shortMessage || 'the chain did not answer');
  }
  return new ChainError(
    'unavailable',
    error instanceof Error ? error.message : 'the chain did not answer',
  );
}

/**
 * The Chain through viem: reads with a public client, writes signed locally with the operator's
 * key (eth_sendRawTransaction), each write estimated first (so a refusal comes back as the
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

  return {
    chainId: settings.chainId,
    escrowAddress: address,
    operatorAddress: account.address,
    currency: settings.currency,
    toWei: (coins) => BigInt(coins) * settings.weiPerCoin,
    formatAmount(wei) {
      // Shown with the currency's own decimals (HBAR: 8), rounded down.
      const unit = 10n ** BigInt(WEI_DECIMALS - settings.currency.decimals);
      return formatUnits((wei / unit) * unit, WEI_DECIMALS);
    },
    explorerTxUrl: (hash) =>
      settings.explorerUrl ? settings.explorerUrl.replace('{hash}', hash) : null,

    recordIssue: ({ issueId, amount, deadline }, onSent) =>
      write(
        () =>
          walletClient.writeContract({
            address,
            abi: bountyEscrowAbi,
            functionName: 'createIssue',
            args: [issueId, deadline],
            value: amount,
          }),
        onSent,
      ),
    addBounty: ({ issueId, amount, totalBefore }, onSent) =>
      write(
        () =>
          walletClient.writeContract({
            address,
            abi: bountyEscrowAbi,
            functionName: 'addBounty',
            args: [issueId, totalBefore],
            value: amount,
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
        const receipt = await publicClient
          .getTransactionReceipt({ hash })
          .catch((error: unknown) => {
            if (error instanceof BaseError && error.name === 'TransactionReceiptNotFoundError') {
              return null;
            }
            throw error;
          });
        return receipt ? receipt.status : 'unknown';
      }),
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
