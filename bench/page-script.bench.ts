// The main thread's work while a prerendered page loads, in Debian's Chromium without throttling:
// `/` and `/login` from the real built server (embedded PGlite, no demo seed: the pages do not
// depend on data), each loaded PAGE_LOADS times (12) in a fresh browser context, alternately.
// After the load event and 3 s more: Chromium's own counters (CDP Performance.getMetrics) of
// script time and of all the main thread's tasks, the longest task a PerformanceObserver saw and
// the tasks' time beyond 50 ms (blocking time, unthrottled: Lighthouse's phone multiplies the
// tasks by 4), of all of them and of those after the first paint (Lighthouse's Total Blocking
// Time counts only those). Medians. Steadier than Lighthouse's simulated phone on a machine whose speed swings
// between runs, so a change of tens of milliseconds shows.
import { chromium, type Browser } from 'playwright-core';
import { freshDatabase, startApp } from './lib/app';
import type { BenchRow } from './lib/report';
import { median, round } from './lib/stats';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOADS = Number(process.env.PAGE_LOADS ?? 12);
const PAGES = ['/', '/login'];

// Run in the page before its own scripts (as text: this package is typed for Node, not the DOM).
const OBSERVE_LONG_TASKS = `window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: 'longtask', buffered: true });`;

interface Load {
  scriptMs: number;
  taskMs: number;
  longestTaskMs: number;
  blockingMs: number;
  blockingAfterPaintMs: number;
}

const blocking = (durations: number[]) =>
  durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0);

async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_LONG_TASKS });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(3000);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
    const longTasks = (await page.evaluate('window.longTasks')) as [number, number][];
    const firstPaint = (await page.evaluate(
      "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0",
    )) as number;
    const durations = longTasks.map(([, duration]) => duration);
    return {
      scriptMs: metric('ScriptDuration'),
      taskMs: metric('TaskDuration'),
      longestTaskMs: Math.max(0, ...durations),
      blockingMs: blocking(durations),
      blockingAfterPaintMs: blocking(
        longTasks.filter(([start]) => start >= firstPaint).map(([, duration]) => duration),
      ),
    };
  } finally {
    await context.close();
  }
}

export default async function pageScript(): Promise<BenchRow[]> {
  const database = await freshDatabase('pglite');
  try {
    const app = await startApp(database);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const loads = new Map<string, Load[]>(PAGES.map((path) => [path, []]));
      for (let i = 0; i < LOADS; i++) {
        for (const path of PAGES) loads.get(path)!.push(await load(browser, `${app.base}${path}`));
      }
      return PAGES.map((path) => {
        const of = (key: keyof Load) => round(median(loads.get(path)!.map((l) => l[key])));
        return {
          bench: 'page-script',
          case: `${path}, main thread while it loads, unthrottled`,
          figures: {
            'script ms': of('scriptMs'),
            'tasks ms': of('taskMs'),
            'longest task ms': of('longestTaskMs'),
            'blocking ms': of('blockingMs'),
            'blocking after first paint ms': of('blockingAfterPaintMs'),
            loads: LOADS,
          },
          goal: 'none (reported): what the phone score pays for, at a quarter of its scale',
        };
      });
    } finally {
      await browser.close();
      await app.stop();
    }
  } finally {
    await database.drop();
  }
}
