import { load, type LoadOptions, type LoadResult } from './load';
import { median, round } from './stats';

/** How long each load run lasts: BENCH_SECONDS, 10 s unless set. */
export const loadSeconds = (): number => Number(process.env.BENCH_SECONDS ?? 10);
/**
 * How many times baseline and app alternate, every figure the median of the rounds: BENCH_ROUNDS,
 * 3 unless set. A machine whose speed swings between rounds (the baseline has ranged from 20k to
 * 41k req/s within one run on a shared 2-core machine) wants more for a steady median.
 */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  throw new Error(`BENCH_ROUNDS must be a whole number of 1 or more, not ${String(ROUNDS)}`);
}

export interface Compared {
  app: LoadResult;
  baseline: LoadResult;
  /** The app's requests per second as a fraction of the baseline's, measured alongside. */
  ratio: number;
}

const medianOf = (runs: LoadResult[]): LoadResult => ({
  requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  failures: runs.reduce((sum, r) => sum + r.failures, 0),
});

/**
 * Loads the baseline and the app alternately, ROUNDS times each with the same connections and
 * duration, so that both see the same machine; throws if any app request failed (a bench of
 * errors measures nothing).
 */
export async function versusBaseline(
  baselineBase: string,
  app: Omit<LoadOptions, 'seconds'>,
): Promise<Compared> {
  const seconds = loadSeconds();
  const baselineRuns: LoadResult[] = [];
  const appRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baselineRuns.push(
      await load({ url: `${baselineBase}/`, connections: app.connections, seconds }),
    );
    appRuns.push(await load({ ...app, seconds }));
  }
  const appMedian = medianOf(appRuns);
  if (appMedian.failures > 0) {
    throw new Error(`${String(appMedian.failures)} requests to ${app.url} failed during the bench`);
  }
  const baseline = medianOf(baselineRuns);
  return {
    app: appMedian,
    baseline,
    ratio: appMedian.requestsPerSecond / baseline.requestsPerSecond,
  };
}

/** A compared load's figures as the benches print them: the ratio, the app's, the baseline's. */
export const comparedFigures = (measured: Compared): Record<string, number> => ({
  '% of baseline': round(measured.ratio * 100),
  'req/s': Math.round(measured.app.requestsPerSecond),
  'p50 ms': measured.app.p50,
  'p99 ms': measured.app.p99,
  'baseline req/s': Math.round(measured.baseline.requestsPerSecond),
});
