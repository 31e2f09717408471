// Cold start: the server entrypoint on fresh data (the embedded default seeds its demo, as
// `npm start` does; PostgreSQL as a configured deployment, no demo seed), time from spawn to the
// first 200 of /api/health, and the server's resident memory then and after 200 requests; with
// its child processes too (demo mode's chain, anvil, runs in one: decision 014).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { freshDatabase, startApp, type Engine } from './lib/app';
import type { BenchRow } from './lib/report';
import { median, round } from './lib/stats';

const RUNS = 3;

/** Resident memory of a process, in MiB (Linux). */
const rssMiB = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** A process's children (Linux: the `children` of each of its threads). */
const childrenOf = (pid: number): number[] => {
  const tasks = `/proc/${String(pid)}/task`;
  if (!existsSync(tasks)) return [];
  return readdirSync(tasks).flatMap((task) => {
    try {
      const list = readFileSync(`${tasks}/${task}/children`, 'utf8').trim();
      return list ? list.split(/\s+/).map(Number) : [];
    } catch {
      return [];
    }
  });
};

/** Resident memory of a process and all its descendants, in MiB. */
const treeRssMiB = (pid: number): number =>
  rssMiB(pid) + childrenOf(pid).reduce((sum, child) => sum + (treeRssMiB(child) || 0), 0); // gone: 0

export default async function start(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const engine of ['pglite', 'postgres'] as Engine[]) {
    const seconds: number[] = [];
    const started: number[] = [];
    const loaded: number[] = [];
    const startedTree: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const database = await freshDatabase(engine);
      const at = performance.now();
      const app = await startApp(database, { demoSeed: true });
      try {
        seconds.push((performance.now() - at) / 1000);
        started.push(rssMiB(app.child.pid!));
        startedTree.push(treeRssMiB(app.child.pid!));
        for (let i = 0; i < 200; i++) await fetch(`${app.base}/api/config`).then((r) => r.text());
        loaded.push(rssMiB(app.child.pid!));
      } finally {
        await app.stop();
        await database.drop();
      }
    }
    rows.push({
      bench: 'start',
      case: `cold start on fresh data, ${engine}`,
      figures: {
        'to first 200 s': round(median(seconds)),
        'RSS MiB': Math.round(median(started)),
        'RSS with child processes MiB': Math.round(median(startedTree)),
        'RSS after 200 requests MiB': Math.round(median(loaded)),
      },
      goal: engine === 'pglite' ? '<= 5 s; <= 300 MiB' : '<= 5 s',
    });
  }
  return rows;
}
