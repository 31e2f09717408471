import { createApp, createLogger } from './app';
import { ConfigError, isDemoMode, loadConfig } from './env';
import { startDemoGithub } from './integrations/github/demo-github';
import { startDemoHederaMirror } from './integrations/hedera/demo-hedera';
import { startDemoChain } from './integrations/chain/demo-chain';
import { seedDemo } from './modules/demo/seed-demo';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config);
  // Demo mode (no GitHub settings): GitHub is the simulator, started here beside the app.
  const demoGithub = isDemoMode(config) ? await startDemoGithub(config) : undefined;
  // And the Hedera mirror node, unless one is configured: the mirror simulator.
  const demoHedera =
    isDemoMode(config) && !config.HEDERA_MIRROR_URL ? await startDemoHederaMirror() : undefined;
  // Its URL, for whoever creates its accounts over its `/_sim` routes (the end-to-end tests).
  if (demoHedera) log.info(`Hedera mirror simulator at ${demoHedera.mirrorUrl}`);
  // ... and, unless a chain is configured, the ledger network is a local EVM devnet with the
  // escrow deployed (in memory: a restart starts a fresh chain).
  const demoChain =
    isDemoMode(config) && !config.CHAIN_RPC_URL ? await startDemoChain(config) : undefined;
  if (demoChain) {
    log.info(
      { rpcUrl: demoChain.settings.rpcUrl, escrow: demoChain.settings.escrowAddress },
      'demo ledger network: a local EVM devnet',
    );
  }
  const app = await createApp({
    config,
    logger: log,
    github: demoGithub,
    hederaMirror: demoHedera,
    chain: demoChain?.settings,
  });
  const address = await app.server.listen({ host: config.HOST, port: config.PORT });
  const webhookUrl = `${config.PUBLIC_URL ?? address}/api/github/webhooks`;
  // The simulator's GitHub App learns where to deliver only now that the server listens.
  demoGithub?.setAppWebhookUrl(webhookUrl);
  const stopSeeding = new AbortController();
  const seeded = await seedDemo(app.ctx, {
    sim: demoGithub?.sim,
    webhookUrl,
    signal: stopSeeding.signal,
  });
  if (seeded) log.info(seeded.maintainers, 'demo maintainers connected their repositories');
  // The hire directory's demo contributors are written while the server already serves.
  const contributorsSeeded = seeded?.contributors.then(
    (contributors) => log.info(contributors, 'demo contributors are in the hire directory'),
    (error: unknown) => log.error({ err: error }, 'demo contributors could not be seeded'),
  );
  log.info(
    {
      database: app.ctx.database.engine,
      dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    },
    `OpenStake is running at ${address.replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost')}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // A contributor being seeded is finished first; the next start seeds the rest.
    stopSeeding.abort();
    await contributorsSeeded;
    await app.close();
    await demoGithub?.sim.close();
    await demoHedera?.sim.close();
    await demoChain?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
