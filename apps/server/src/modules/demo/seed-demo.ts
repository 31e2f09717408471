import type { GithubSim } from '@openstake/github-sim';
import type { AppContext } from '../../context';
import { seedsDemo } from '../../env';
import { seedDemoContributors } from './seed-demo-contributors';
import { seedDemoMaintainers } from './seed-demo-maintainers';

export interface DemoSeed {
  maintainers: Awaited<ReturnType<typeof seedDemoMaintainers>>;
  /**
   * The hire directory's contributors, seeded after the maintainers while the server already
   * serves: a few seconds of work on the embedded database at the first start, which the start
   * does not wait for. Settles when they are all in (or `signal` stopped it).
   */
  contributors: Promise<Awaited<ReturnType<typeof seedDemoContributors>>>;
}

/**
 * The demo's data at start: the maintainers connect their repositories, then the hire directory's
 * contributors are seeded once. Only in demo mode (the simulator is running) and when SEED_DEMO
 * says so (by default on the embedded database only, never for a DATABASE_URL unless asked).
 * Null when there is nothing to seed.
 */
export async function seedDemo(
  ctx: Pick<AppContext, 'config' | 'db' | 'secrets' | 'github' | 'clock' | 'log' | 'publicUrl'>,
  input: { sim: GithubSim | undefined; webhookUrl: string; signal?: AbortSignal },
): Promise<DemoSeed | null> {
  const { sim } = input;
  if (!sim || !seedsDemo(ctx.config)) return null;
  const tokenFor = (login: string) => sim.tokenFor(login);
  const maintainers = await seedDemoMaintainers(ctx, { tokenFor, webhookUrl: input.webhookUrl });
  const contributors = seedDemoContributors(ctx, { tokenFor, signal: input.signal });
  return { maintainers, contributors };
}
