// Server rendering and prerender (decision 013): the hand-written pipeline (apps/web/build's
// prerender and precompress, boot.ts, apps/server's spa.ts) against React Router's framework mode,
// a prototype of the same public pages (bench/react-router-prototype: the app's own landing page
// and login page, prerendered by `react-router build` and served by `react-router-serve`, as React
// Router's documentation sets it up; installed and built on the first run).
// Each server starts ROUNDS times (RENDER_ROUNDS, 3), the two interleaved: the built OpenStake
// server on fresh PGlite with one contributor seeded (demo mode, no demo seed), and the prototype.
// In each start: the time from the spawn to its first 200, then `/` and `/login` (and, on the
// OpenStake server, the contributor dashboard rendered for its signed-in contributor; the
// prototype has no dashboard) loaded LOADS times (RENDER_LOADS, 4) each, alternately, in a fresh
// context of Debian's Chromium, phone-sized, unthrottled: time to first byte, first and largest
// contentful paint, the main thread's blocking time (tasks beyond 50 ms), the bytes of
// JavaScript (as sent, and uncompressed) and of everything transferred once the page has asked
// for its code (3 s after the load event), and the page's inline scripts (the CSP forbids them);
// then the server's resident memory. Medians over all loads of all rounds, and the
// spread of the rounds' medians (lowest-highest).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from '../apps/server/test/helpers/server-process';
import { freshDatabase, startApp } from './lib/app';
import { repoRoot, type Started } from './lib/processes';
import type { BenchRow } from './lib/report';
import { seedContributorWithStakes } from './lib/seed';
import { median, round } from './lib/stats';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROUNDS = Number(process.env.RENDER_ROUNDS ?? 3);
const LOADS = Number(process.env.RENDER_LOADS ?? 4);
const PROTOTYPE = path.join(repoRoot, 'bench/react-router-prototype');
const PROTOTYPE_SERVER = path.join(PROTOTYPE, 'build/server/index.js');
const SERVE = path.join(PROTOTYPE, 'node_modules/@react-router/serve/bin.js');
const DASHBOARD = '/contributor/dashboard';

/** Installs (without install scripts; React and the app's libraries are the repository's) and builds the prototype, once. */
function buildPrototype(): void {
  const run = (args: string[]) => {
    const result = spawnSync('npm', args, { cwd: PROTOTYPE, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} in ${PROTOTYPE} failed`);
  };
  if (!existsSync(SERVE)) {
    console.log('  installing bench/react-router-prototype (npm ci --ignore-scripts)...');
    run(['ci', '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund']);
  }
  if (!existsSync(PROTOTYPE_SERVER)) {
    console.log('  building bench/react-router-prototype (react-router build)...');
    run(['run', 'build']);
  }
}

// Run in the page before its own scripts (as text: this package is typed for Node, not the DOM).
const OBSERVE = `window.benchLcp = 0; window.benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.benchLcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });`;

const MEASURE = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const js = resources.filter((r) => r.name.split('?')[0].endsWith('.js'));
  const sum = (list) => list.reduce((total, r) => total + r.transferSize, 0);
  return {
    ttfbMs: navigation.responseStart,
    fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    lcpMs: window.benchLcp,
    blockingMs: window.benchLongTasks.reduce((total, d) => total + Math.max(0, d - 50), 0),
    jsKB: sum(js) / 1000,
    jsRawKB: js.reduce((total, r) => total + r.decodedBodySize, 0) / 1000,
    transferKB: (sum(resources) + navigation.transferSize) / 1000,
    inlineScripts: [...document.querySelectorAll('script:not([src])')].filter(
      (s) => s.type !== 'application/json',
    ).length,
  };
})()`;

interface Load {
  ttfbMs: number;
  fcpMs: number;
  lcpMs: number;
  blockingMs: number;
  jsKB: number;
  jsRawKB: number;
  transferKB: number;
  inlineScripts: number;
}

async function load(browser: Browser, url: string, cookie?: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    if (cookie) {
      await context.addCookies([
        { name: 'openstake_session', value: cookie, url: new URL(url).origin },
      ]);
    }
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(3000);
    // react-router-serve sends /login to the prerendered /login/ (a 301 of express.static).
    const pathOf = (address: string) => new URL(address).pathname.replace(/(.)\/$/, '$1');
    if (pathOf(page.url()) !== pathOf(url)) {
      throw new Error(`${url} ended on ${page.url()}`);
    }
    return (await page.evaluate(MEASURE)) as Load;
  } finally {
    await context.close();
  }
}

const rssMiB = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** `react-router-serve` on the prototype's build, and the time from its spawn to its first 200 of `/`. */
async function startPrototype(): Promise<Started & { startMs: number }> {
  const port = await freePort();
  const at = performance.now();
  const child = spawn(process.execPath, [SERVE, PROTOTYPE_SERVER], {
    cwd: PROTOTYPE,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${String(port)}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('react-router-serve exited during start');
    if (performance.now() - at > 60_000) throw new Error('react-router-serve did not start');
    const ok = await fetch(`${base}/`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    base,
    child,
    startMs: performance.now() - at,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Server {
  name: string;
  pages: string[];
  start(): Promise<{ server: Started; startMs: number; cookie?: string; done(): Promise<void> }>;
}

const SERVERS: Server[] = [
  {
    name: 'hand-written (spa.ts, prerender.ts, boot.ts)',
    pages: ['/', '/login', DASHBOARD],
    async start() {
      const database = await freshDatabase('pglite');
      const seeding = await database.open();
      const { token } = await seedContributorWithStakes(seeding.db, 20);
      await seeding.close();
      const at = performance.now();
      const server = await startApp(database);
      return {
        server,
        startMs: performance.now() - at,
        cookie: token,
        async done() {
          await server.stop();
          await database.drop();
        },
      };
    },
  },
  {
    name: 'React Router framework mode (prototype)',
    pages: ['/', '/login'],
    async start() {
      const server = await startPrototype();
      return { server, startMs: server.startMs, done: () => server.stop() };
    },
  },
];

const FIGURES = [
  'ttfbMs',
  'fcpMs',
  'lcpMs',
  'blockingMs',
  'jsKB',
  'jsRawKB',
  'transferKB',
  'inlineScripts',
] as const;

export default async function renderingOptions(): Promise<BenchRow[]> {
  buildPrototype();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  // Per server: its start times and memory per round; per page: every load, and each round's.
  const starts = new Map<string, number[]>();
  const memory = new Map<string, number[]>();
  const loads = new Map<string, Load[][]>();
  try {
    for (let r = 0; r < ROUNDS; r++) {
      for (const option of SERVERS) {
        const { server, startMs, cookie, done } = await option.start();
        try {
          starts.set(option.name, [...(starts.get(option.name) ?? []), startMs]);
          const roundLoads = new Map<string, Load[]>(option.pages.map((p) => [p, []]));
          for (let i = 0; i < LOADS; i++) {
            for (const page of option.pages) {
              const signedIn = page === DASHBOARD ? cookie : undefined;
              roundLoads.get(page)!.push(await load(browser, `${server.base}${page}`, signedIn));
            }
          }
          const rss = rssMiB(server.child.pid!);
          memory.set(option.name, [...(memory.get(option.name) ?? []), rss]);
          for (const [page, list] of roundLoads) {
            const key = `${option.name} ${page}`;
            loads.set(key, [...(loads.get(key) ?? []), list]);
            console.log(
              `  round ${String(r + 1)}/${String(ROUNDS)} ${option.name} ${page}: ` +
                FIGURES.map((f) => `${f} ${String(round(median(list.map((l) => l[f]))))}`).join(
                  ', ',
                ),
            );
          }
          console.log(
            `  round ${String(r + 1)}/${String(ROUNDS)} ${option.name}: start ms ${String(Math.round(startMs))}, RSS MiB ${String(Math.round(rss))}`,
          );
        } finally {
          await done();
        }
      }
    }
  } finally {
    await browser.close();
  }

  const spread = (values: number[]) =>
    `${String(round(Math.min(...values)))}-${String(round(Math.max(...values)))}`;
  const rows: BenchRow[] = [];
  for (const option of SERVERS) {
    rows.push({
      bench: 'rendering-options',
      case: `${option.name}: server start and memory`,
      figures: {
        'start to first 200 ms': Math.round(median(starts.get(option.name)!)),
        'start spread': spread(starts.get(option.name)!),
        'RSS after the loads MiB': Math.round(median(memory.get(option.name)!)),
        'RSS spread': spread(memory.get(option.name)!),
        rounds: ROUNDS,
      },
      goal: 'decision 013: clearly worse = +0.5 s start or +30 MiB',
    });
    for (const page of option.pages) {
      const rounds = loads.get(`${option.name} ${page}`)!;
      const all = rounds.flat();
      const of = (f: (typeof FIGURES)[number]) => round(median(all.map((l) => l[f])));
      const roundMedians = (f: (typeof FIGURES)[number]) =>
        rounds.map((list) => median(list.map((l) => l[f])));
      rows.push({
        bench: 'rendering-options',
        case: `${option.name}: ${page}, Chromium unthrottled`,
        figures: {
          'TTFB ms': of('ttfbMs'),
          'TTFB spread': spread(roundMedians('ttfbMs')),
          'FCP ms': of('fcpMs'),
          'LCP ms': of('lcpMs'),
          'LCP spread': spread(roundMedians('lcpMs')),
          'blocking ms': of('blockingMs'),
          'JS kB': of('jsKB'),
          'JS kB uncompressed': of('jsRawKB'),
          'transfer kB': of('transferKB'),
          'inline scripts': of('inlineScripts'),
          loads: all.length,
        },
        goal: 'decision 013: clearly worse = LCP +20 % and +100 ms, TTFB +20 % and +20 ms, JS +10 %',
      });
    }
  }
  return rows;
}
