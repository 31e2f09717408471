import type { GithubSim } from '@openstake/github-sim';
import type { AppContext } from '../../context';
import { seedsDemo } from '../../env';
import { seedDemoContributors } from './seed-demo-contributors';
import { seedDemoMaintainers } from './seed-demo-maintainers';

/**
 * The demo's data at start: the maintainers connect their repositories, then the hire directory's
 * contributors are seeded once. Only in demo mode (the simulator is running) and when SEED_DEMO
 * says so (by default on the embedded database only, never for a DATABASE_URL unless asked).
 * Null when nothing was seeded.
 */
export async function seedDemo(
  ctx: Pick<AppContext, 'config' | 'db' | 'secrets' | 'github' | 'clock' | 'log'>,
  input: { sim: GithubSim | undefined; webhookUrl: string },
): Promise<{
  maintainers: Awaited<ReturnType<typeof seedDemoMaintainers>>;
  contributors: Awaited<ReturnType<typeof seedDemoContributors>>;
} | null> {
  const { sim } = input;
  if (!sim || !seedsDemo(ctx.config)) return null;
  const tokenFor = (login: string) => sim.tokenFor(login);
  const maintainers = await seedDemoMaintainers(ctx, { tokenFor, webhookUrl: input.webhookUrl });
  const contributors = await seedDemoContributors(ctx, { tokenFor });
  return { maintainers, contributors };
}
