import type { HederaMirrorSim } from '@openstake/hedera-mirror-sim';

/** Demo mode's Hedera mirror node: the simulator, in this process. */
export interface DemoHederaMirror {
  sim: HederaMirrorSim;
  /** The base URL the server's mirror client uses. */
  mirrorUrl: string;
}

/**
 * Starts the mirror node simulator for demo mode (no HEDERA_MIRROR_URL). Only the demo's
 * composition (`main.ts`, and the tests) calls this; the simulator's code is imported here, on
 * demand, so a configured deployment never loads it.
 */
export async function startDemoHederaMirror(): Promise<DemoHederaMirror> {
  const { startHederaMirrorSim } = await import('@openstake/hedera-mirror-sim');
  const sim = await startHederaMirrorSim({ host: '127.0.0.1', port: 0 });
  return { sim, mirrorUrl: sim.url };
}
