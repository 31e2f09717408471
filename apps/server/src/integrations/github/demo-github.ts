import type { GithubSim, WorldUser } from '@openstake/github-sim';
import { randomBytes } from 'node:crypto';
import type { Config, GithubAppSettings } from '../../env';
import type { GithubConfig } from './port';

// The OAuth app the GitHub simulator knows (its default client).
const DEMO_CLIENT = { clientId: 'openstake-demo', clientSecret: 'openstake-demo-secret' };

/** Where the server finds GitHub, and the origin its avatars are served from. */
export interface GithubEndpoints {
  config: GithubConfig;
  /** An origin the pages may load images from besides https: (the simulator's avatars). */
  imageOrigin?: string;
  /** The GitHub App registered on the simulator (demo mode); otherwise GITHUB_APP_* decide. */
  app?: GithubAppSettings;
}

/** The demo's GitHub App: its slug, so its bot is `openstake[bot]`. */
export const DEMO_APP_SLUG = 'openstake';

/** Demo mode's GitHub: the simulator, in this process, and the endpoints that reach it. */
export interface DemoGithub extends GithubEndpoints {
  sim: GithubSim;
  app: GithubAppSettings;
  /**
   * Points the app's webhook at the server, once it listens (its address is known only then).
   * Until then the simulator sends the app no deliveries.
   */
  setAppWebhookUrl(url: string): void;
}

/**
 * Starts the GitHub simulator for demo mode (no GitHub credentials configured). Only the demo's
 * composition (`main.ts` without GitHub settings, and the tests) calls this: the simulator's code
 * is imported here, on demand, so a configured deployment never loads it. `users`: accounts to
 * add to the simulator's own (the demo contributors' made-up ones).
 */
export async function startDemoGithub(
  config: Pick<Config, 'GITHUB_SIM_PORT'>,
  options: { users?: readonly WorldUser[] } = {},
): Promise<DemoGithub> {
  const { loadFixtureWorld, startGithubSim } = await import('@openstake/github-sim');
  const world = loadFixtureWorld();
  world.users.push(...(options.users ?? []));
  const sim = await startGithubSim({ host: '127.0.0.1', port: config.GITHUB_SIM_PORT, world });
  // OpenStake's GitHub App on the simulator (a fresh key and webhook secret at every start, as
  // the simulator's tokens and webhooks live in memory): the demo runs in app mode.
  const webhookSecret = randomBytes(32).toString('hex');
  const registered = sim.createApp({ slug: DEMO_APP_SLUG, name: 'OpenStake', webhookSecret });
  return {
    sim,
    app: {
      appId: registered.id,
      privateKey: registered.privateKey,
      webhookSecret,
      slug: registered.slug,
    },
    setAppWebhookUrl: (url) => sim.updateApp(registered.id, { webhookUrl: url, webhookSecret }),
    config: { apiUrl: sim.apiUrl, webUrl: sim.webUrl, ...DEMO_CLIENT },
    imageOrigin: sim.origin,
  };
}
