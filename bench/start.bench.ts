// Cold start: the server entrypoint on fresh data (the embedded default seeds its demo, as
// `npm start` does; PostgreSQL as a configured deployment, no demo seed), time from spawn to the
// first 200 of /api/health, and the server's resident memory then and after 200 requests.
import { readFileSync } from 'node:fs';
import { freshDatabase, startApp, type Engine } from './lib/app';
import type { BenchRow } from './lib/report';
import { median, round } from './lib/stats';

const RUNS = 3;

/** Resident memory of a process, in MiB (Linux). */
const rssMiB = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

export default async function start(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const engine of ['pglite', 'postgres'] as Engine[]) {
    const seconds: number[] = [];
    const started: number[] = [];
    const loaded: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const database = await freshDatabase(engine);
      const at = performance.now();
      const app = await startApp(database, { demoSeed: true });
      try {
        seconds.push((performance.now() - at) / 1000);
        started.push(rssMiB(app.child.pid!));
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
        'RSS after 200 requests MiB': Math.round(median(loaded)),
      },
      goal: engine === 'pglite' ? '<= 5 s; <= 300 MiB' : '<= 5 s',
    });
  }
  return rows;
}
