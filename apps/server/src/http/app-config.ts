import type { AppConfig } from '@openstake/core';
import type { AppContext } from '../context';

/**
 * The public configuration (packages/core's AppConfig): GET /api/config answers it, and the SPA
 * plugin writes it into every page it sends. Only what any visitor may know goes here.
 */
export function publicAppConfig(ctx: AppContext): AppConfig {
  return {
    demoMode: ctx.demoMode,
    githubWebUrl: ctx.github.config.webUrl,
    escrowAddress: ctx.chain?.escrowAddress ?? null,
    chain: ctx.chain
      ? {
          chainId: ctx.chain.chainId,
          symbol: ctx.chain.currency.symbol,
          decimals: ctx.chain.currency.decimals,
          demoWallets: ctx.demoFaucet !== null,
        }
      : null,
    githubApp: ctx.githubApp
      ? { slug: ctx.githubApp.settings.slug, installUrl: ctx.githubApp.installUrl }
      : null,
  };
}
