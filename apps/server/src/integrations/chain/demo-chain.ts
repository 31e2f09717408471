import { bountyEscrowAbi, bountyEscrowBytecode } from '@openstake/contracts';
import type { Config } from '../../env';
import type { ChainSettings, Hex } from './chain';

/** Demo mode's ledger network: the devnet in this process, with the escrow deployed on it. */
export interface DemoChain {
  settings: ChainSettings;
  /** The dev accounts the devnet funded (public, fixed keys: a local chain only). */
  accounts: { address: Hex; privateKey: Hex }[];
  close(): Promise<void>;
}

/**
 * Starts the EVM devnet on loopback, deploys BountyEscrow from the committed bytecode with dev
 * account 0 as its operator, and returns the settings that point the chain adapter at it. Like
 * the GitHub simulator, only the demo's composition (`main.ts`, the tests) calls this, and the
 * devnet's code is imported here, on demand, so a configured deployment never loads it.
 */
export async function startDemoChain(
  config: Pick<
    Config,
    | 'CHAIN_DEVNET_PORT'
    | 'CHAIN_WEI_PER_COIN'
    | 'CHAIN_CURRENCY_SYMBOL'
    | 'CHAIN_CURRENCY_DECIMALS'
    | 'CHAIN_EXPLORER_URL'
  >,
): Promise<DemoChain> {
  const [{ startEvmDevnet }, viem, { privateKeyToAccount }] = await Promise.all([
    import('@openstake/evm-devnet'),
    import('viem'),
    import('viem/accounts'),
  ]);
  const node = await startEvmDevnet({ port: config.CHAIN_DEVNET_PORT, chainId: 31337 });
  try {
    const operator = node.accounts[0];
    if (!operator) throw new Error('the devnet has no accounts');
    const chain = viem.defineChain({
      id: node.chainId,
      name: 'OpenStake devnet',
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
    if (!receipt.contractAddress) throw new Error('the escrow was not deployed on the devnet');
    return {
      settings: {
        rpcUrl: node.url,
        chainId: node.chainId,
        operatorKey: operator.privateKey,
        escrowAddress: receipt.contractAddress,
        weiPerCoin: config.CHAIN_WEI_PER_COIN,
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
