import { bountyEscrowAbi, bountyEscrowBytecode } from '@openstake/contracts';
import type { Config } from '../../env';
import type { ChainSettings, Hex } from './chain';

/** Sends native currency of the local test chain to an address: demo wallets get theirs here. */
export interface DemoFaucet {
  fund(to: Hex, amount: bigint): Promise<void>;
}

/** Demo mode's ledger network: anvil, a child process, with the escrow deployed on it. */
export interface DemoChain {
  settings: ChainSettings;
  /** The dev accounts given their balance (public, fixed keys: a local chain only). */
  accounts: { address: Hex; privateKey: Hex }[];
  /** Pays from the last funded dev account, never from the operator (account 0). */
  faucet: DemoFaucet;
  /** Ends anvil (also ended when this process exits; not when it is killed with SIGKILL). */
  close(): Promise<void>;
}

/**
 * Starts anvil on loopback (`startAnvil`, port CHAIN_DEVNET_PORT, 0 = a free one), deploys
 * BountyEscrow from the committed bytecode with dev account 0 as its operator, and returns the
 * settings that point the chain adapter at it. Like the GitHub simulator, only the demo's
 * composition (`main.ts`, the tests) calls this, and `anvil.ts` is imported here, on demand, so a
 * configured deployment never loads it.
 */
export async function startDemoChain(
  config: Pick<
    Config,
    'CHAIN_DEVNET_PORT' | 'CHAIN_CURRENCY_SYMBOL' | 'CHAIN_CURRENCY_DECIMALS' | 'CHAIN_EXPLORER_URL'
  >,
): Promise<DemoChain> {
  const [{ startAnvil }, viem, { privateKeyToAccount }] = await Promise.all([
    import('./anvil'),
    import('viem'),
    import('viem/accounts'),
  ]);
  const node = await startAnvil({ port: config.CHAIN_DEVNET_PORT, chainId: 31337 });
  try {
    const operator = node.accounts[0];
    if (!operator) throw new Error('anvil was given no dev accounts');
    const chain = viem.defineChain({
      id: node.chainId,
      name: 'OpenStake devnet (anvil)',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [node.url] } },
    });
    const transport = viem.http(node.url);
    const wallet = viem.createWalletClient({
      chain,
      transport,
      account: privateKeyToAccount(operator.privateKey),
    });
    const hash = await wallet.deployContract({
      abi: bountyEscrowAbi,
      bytecode: bountyEscrowBytecode,
      args: [operator.address],
    });
    const receipt = await viem
      .createPublicClient({ chain, transport, pollingInterval: 50 })
      .waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error('the escrow was not deployed on anvil');
    const faucetAccount = node.accounts.at(-1);
    if (!faucetAccount || faucetAccount === operator)
      throw new Error('anvil was given no faucet account');
    const faucetWallet = viem.createWalletClient({
      chain,
      transport,
      account: privateKeyToAccount(faucetAccount.privateKey),
    });
    const faucetReads = viem.createPublicClient({ chain, transport, pollingInterval: 50 });
    // One payment at a time: two at once would take the same nonce.
    let payments: Promise<unknown> = Promise.resolve();
    const faucet: DemoFaucet = {
      fund(to, amount) {
        const next = payments.then(async () => {
          const sent = await faucetWallet.sendTransaction({ to, value: amount });
          await faucetReads.waitForTransactionReceipt({ hash: sent });
        });
        payments = next.catch(() => undefined);
        return next;
      },
    };
    return {
      faucet,
      settings: {
        rpcUrl: node.url,
        chainId: node.chainId,
        operatorKey: operator.privateKey,
        escrowAddress: receipt.contractAddress,
        currency: {
          symbol: config.CHAIN_CURRENCY_SYMBOL,
          decimals: config.CHAIN_CURRENCY_DECIMALS,
        },
        explorerUrl: config.CHAIN_EXPLORER_URL,
      },
      accounts: node.accounts,
      close: () => node.close(),
    };
  } catch (error) {
    await node.close();
    throw error;
  }
}
