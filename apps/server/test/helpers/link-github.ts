import { Browserish, approveOnSim } from '@openstake/github-sim/testing';
import type { Account } from './factories';

/**
 * Links a signed-in account to a simulator GitHub user through the real OAuth round trip (the
 * app must be listening at `base`).
 */
export async function linkGithub(base: string, account: Account, login: string): Promise<void> {
  const jar = new Browserish(account.cookie);
  const start = await jar.fetch(`${base}/api/github/connect`);
  const back = await jar.fetch(
    await approveOnSim(start.headers.get('location')!, login, 'approve'),
  );
  const landed = new URL(back.headers.get('location') ?? '', base);
  if (landed.searchParams.get('github') !== 'connected') {
    throw new Error(`linking ${login} failed: ${landed.toString()}`);
  }
}
