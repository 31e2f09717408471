import type { Config } from '../../env';
import type { ChainSettings, Hex } from './chain';

/** The configured chain's settings, or undefined when CHAIN_RPC_URL is not set. */
export function configuredChain(config: Config): ChainSettings | undefined {
  if (
    !config.CHAIN_RPC_URL ||
    !config.CHAIN_OPERATOR_KEY ||
    !config.ESCROW_ADDRESS ||
    config.CHAIN_ID === undefined
  ) {
    return undefined;
  }
  return {
    rpcUrl: config.CHAIN_RPC_URL,
    chainId: config.CHAIN_ID,
    operatorKey: config.CHAIN_OPERATOR_KEY as Hex,
    escrowAddress: config.ESCROW_ADDRESS as Hex,
    currency: { symbol: config.CHAIN_CURRENCY_SYMBOL, decimals: config.CHAIN_CURRENCY_DECIMALS },
    explorerUrl: config.CHAIN_EXPLORER_URL,
  };
}
