import { createApp, createLogger } from './app';
import { startDemoServices } from './demo-services';
import { ConfigError, loadConfig } from './env';
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
  // Demo mode (no GitHub settings): GitHub is the simulator, started here beside the app, with
  // the Hedera mirror simulator and a local EVM devnet (anvil, a child process ended with the
  // server) unless real ones are configured (in memory: a restart starts a fresh chain).
  const demo = await startDemoServices(config);
  const { github: demoGithub, hedera: demoHedera, chain: demoChain, mailbox } = demo;
  // Its URL, for whoever creates its accounts over its `/_sim` routes (the end-to-end tests).
  if (demoHedera) log.info(`Hedera mirror simulator at ${demoHedera.mirrorUrl}`);
  if (demoChain) {
    log.info(
      { rpcUrl: demoChain.settings.rpcUrl, escrow: demoChain.settings.escrowAddress },
      'demo ledger network: a local EVM devnet',
    );
  }
  let app;
  try {
    app = await createApp({
      config,
      logger: log,
      github: demoGithub,
      hederaMirror: demoHedera,
      chain: demoChain?.settings,
      demoFaucet: demoChain?.faucet,
      mailbox,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      await demo.close();
      process.exit(1);
    }
    throw error;
  }
  const address = await app.server.listen({ host: config.HOST, port: config.PORT });
  const publicUrl = app.ctx.publicUrl();
  const webhookUrl = `${publicUrl}/api/github/webhooks`;
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
  // Its SMTP address (loopback, no password), for whoever sends to it (the end-to-end tests).
  if (mailbox) {
    log.info({ smtp: mailbox.smtpUrl }, `demo mailbox: mail is shown at ${publicUrl}/demo/mailbox`);
  }
  log.info(
    {
      listening: address,
      database: app.ctx.database.engine,
      dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    },
    `OpenStake is running at ${publicUrl}`,
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
    await demo.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
