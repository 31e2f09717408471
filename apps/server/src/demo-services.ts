import { isDemoMode, type Config } from './env';
import { startDemoChain, type DemoChain } from './integrations/chain/demo-chain';
import { startDemoGithub, type DemoGithub } from './integrations/github/demo-github';
import { startDemoHederaMirror, type DemoHederaMirror } from './integrations/hedera/demo-hedera';
import { startMailbox, type Mailbox } from './integrations/mail/mailbox-server';
import { DEMO_GITHUB_USERS } from './modules/demo/demo-contributors';

/** What demo mode runs beside the app in place of the services it cannot reach. */
export interface DemoServices {
  /** GitHub: the simulator, with OpenStake's GitHub App registered (demo mode only). */
  github: DemoGithub | undefined;
  /** The Hedera mirror node's simulator, unless `HEDERA_MIRROR_URL` names a real one. */
  hedera: DemoHederaMirror | undefined;
  /** The ledger network: anvil with the escrow deployed, unless a chain is set. */
  chain: DemoChain | undefined;
  /** Mail: an SMTP server in this process that keeps what it receives, unless SMTP_URL is set. */
  mailbox: Mailbox | undefined;
  /** Stops all of them (after the app has closed). */
  close(): Promise<void>;
}

/**
 * Starts demo mode's stand-ins (docs/ARCHITECTURE.md, Demo mode), the simulators in this process
 * and the chain (anvil) as a child process, for `main.ts` and the tests alike. `chain`: whether
 * to start the chain; by default, in demo mode
 * without `CHAIN_RPC_URL` (tests start it only where they use it).
 */
export async function startDemoServices(
  config: Config,
  options: { chain?: boolean } = {},
): Promise<DemoServices> {
  const demo = isDemoMode(config);
  // The demo contributors' GitHub accounts, so the seed can link every one (demo-contributors.ts).
  const github = demo ? await startDemoGithub(config, { users: DEMO_GITHUB_USERS }) : undefined;
  const hedera = demo && !config.HEDERA_MIRROR_URL ? await startDemoHederaMirror() : undefined;
  const chain =
    (options.chain ?? (demo && !config.CHAIN_RPC_URL)) ? await startDemoChain(config) : undefined;
  const mailbox = demo && !config.SMTP_URL ? await startMailbox() : undefined;
  return {
    github,
    hedera,
    chain,
    mailbox,
    async close() {
      await mailbox?.close();
      await github?.sim.close();
      await hedera?.sim.close();
      await chain?.close();
    },
  };
}
