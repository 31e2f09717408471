// Lighthouse (its Node API, performance and accessibility) against the real built server on a
// fresh PGlite database with the demo seed (as `npm start` runs it: the demo maintainers'
// repositories connected, so the dashboard has issues to suggest): `/`, `/login` and the
// contributor dashboard signed in (a contributor registered through the API and linked to the
// simulator's prolific-pat, as a person does it; the session cookie goes as an extra header on
// every request; a contributor without a linked GitHub account sees only an error), in
// Lighthouse's mobile preset (its default: simulated slow 4G, 4x CPU slowdown) and its desktop
// preset. Debian's Chromium, never a downloaded one (CHROMIUM_PATH to use another binary).
// Each page and preset runs LIGHTHOUSE_RUNS times (3), interleaved; each figure is the median
// over the runs. The accessibility audits that failed and the performance audits with an
// estimated saving of the run with the median score are printed, and that run's report is
// written to .tmp/lighthouse/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { approveOnSim, Browserish } from '@openstake/github-sim/testing';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { freshDatabase, startApp } from './lib/app';
import { repoRoot } from './lib/processes';
import type { BenchRow } from './lib/report';
import { median, round } from './lib/stats';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// As the end-to-end tests run it: no sandbox (root), nothing reaching out of this machine.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORTS = path.join(repoRoot, '.tmp/lighthouse');

const PRESETS = [
  { name: 'mobile', config: undefined, goal: 'perf >= 95, a11y 100, LCP <= 2.0 s' },
  { name: 'desktop', config: desktopConfig, goal: 'perf >= 95, a11y 100, LCP <= 1.0 s' },
] as const satisfies readonly { name: string; config: Config | undefined; goal: string }[];

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
}
const PAGES: Page[] = [
  { name: '/', path: '/', signedIn: false },
  { name: '/login', path: '/login', signedIn: false },
  { name: 'contributor dashboard', path: '/contributor/dashboard', signedIn: true },
];

const FIGURES = ['perf', 'a11y', 'LCP s', 'TBT ms', 'CLS', 'transfer kB'] as const;
type Figure = (typeof FIGURES)[number];

const numeric = (lhr: Result, audit: string): number => {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined)
    throw new Error(`Lighthouse reported no ${audit} for ${lhr.requestedUrl ?? ''}`);
  return value;
};
const score = (lhr: Result, category: string): number => {
  const value = lhr.categories[category]?.score;
  if (value === undefined || value === null) {
    throw new Error(`Lighthouse reported no ${category} score for ${lhr.requestedUrl ?? ''}`);
  }
  return Math.round(value * 100);
};

function figuresOf(lhr: Result): Record<Figure, number> {
  return {
    perf: score(lhr, 'performance'),
    a11y: score(lhr, 'accessibility'),
    'LCP s': numeric(lhr, 'largest-contentful-paint') / 1000,
    'TBT ms': numeric(lhr, 'total-blocking-time'),
    CLS: numeric(lhr, 'cumulative-layout-shift'),
    'transfer kB': numeric(lhr, 'total-byte-weight') / 1000,
  };
}

/** The accessibility audits that count towards the score and did not pass, with what failed. */
function accessibilityMisses(lhr: Result): string[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)
        ?.items;
      const nodes = (items ?? [])
        .map((item) => item.node?.snippet)
        .filter((s): s is string => Boolean(s))
        .slice(0, 5);
      return [`${audit.id}: ${audit.title}`, ...nodes.map((n) => `    ${n}`)].join('\n');
    });
}

/**
 * The performance audits that did not pass and estimate a saving (Lighthouse's metricSavings,
 * per metric, and bytes), the largest first. Diagnostics count too: an LCP diagnostic's saving
 * is Lighthouse's estimate of what the metric is over its target.
 */
function opportunities(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .map((audit) => {
      const details = audit.details as { overallSavingsBytes?: number } | undefined;
      const metrics = Object.entries(audit.metricSavings ?? {}).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0,
      );
      const bytes = details?.overallSavingsBytes ?? 0;
      const largest = Math.max(0, ...metrics.filter(([m]) => m !== 'CLS').map(([, v]) => v));
      return { audit, metrics, bytes, largest };
    })
    .filter(
      ({ audit, metrics, bytes }) =>
        audit.score !== null && audit.score < 1 && (metrics.length > 0 || bytes > 0),
    )
    .sort((a, b) => b.largest - a.largest || b.bytes - a.bytes)
    .map(({ audit, metrics, bytes }) => {
      const saving = [
        ...metrics.map(([metric, value]) =>
          metric === 'CLS'
            ? `CLS ${String(round(value))}`
            : `${metric} ~${String(Math.round(value))} ms`,
        ),
        ...(bytes > 0 ? [`~${String(Math.round(bytes / 1000))} kB`] : []),
      ].join(', ');
      return `${audit.id}: ${audit.title} (${saving})`;
    });
}

export default async function lighthouseBench(): Promise<BenchRow[]> {
  const database = await freshDatabase('pglite');
  try {
    const app = await startApp(database, { demoSeed: true });
    try {
      return await measure(app.base, await linkedContributor(app.base));
    } finally {
      await app.stop();
    }
  } finally {
    await database.drop();
  }
}

/**
 * Signs a new contributor up and in through the API and links the simulator's GitHub account
 * through the real OAuth round trip; returns the session token.
 */
async function linkedContributor(base: string): Promise<string> {
  const login = 'prolific-pat';
  const account = {
    email: `lighthouse-${String(Date.now())}@example.com`,
    password: 'a-good-password',
    role: 'contributor',
    githubUsername: login,
  };
  const jar = new Browserish();
  const post = (path: string) =>
    jar.fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
  const registered = await post('/register');
  if (registered.status !== 201) throw new Error(`/register answered ${String(registered.status)}`);
  const signedIn = await post('/login');
  if (signedIn.status !== 200) throw new Error(`/login answered ${String(signedIn.status)}`);
  const { token } = (await signedIn.json()) as { token: string };
  const start = await jar.fetch(`${base}/api/github/connect`);
  const back = await jar.fetch(
    await approveOnSim(start.headers.get('location')!, login, 'approve'),
  );
  const landed = new URL(back.headers.get('location') ?? '', base);
  if (landed.searchParams.get('github') !== 'connected') {
    throw new Error(`linking ${login} failed: ${landed.toString()}`);
  }
  return token;
}

/**
 * One Lighthouse run in a Chromium of its own: one browser for several runs sometimes loses a
 * navigation's trace (NO_NAVSTART). A run that reports such an error is tried once more.
 */
async function runLighthouse(
  url: string,
  flags: Flags,
  config: Config | undefined,
): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const lhr = (await lighthouse(url, { ...flags, port: chrome.port }, config))?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (!lhr.runtimeError) return lhr;
      if (attempt === 2) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      console.log(`  Lighthouse on ${url}: ${lhr.runtimeError.code}, trying once more`);
    } finally {
      chrome.kill();
    }
  }
}

async function measure(base: string, token: string): Promise<BenchRow[]> {
  const runs = new Map<string, Result[]>();
  const key = (preset: string, page: Page) => `${preset} ${page.name}`;
  for (let run = 0; run < RUNS; run++) {
    for (const preset of PRESETS) {
      for (const page of PAGES) {
        const flags: Flags = {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(page.signedIn ? { extraHeaders: { cookie: `openstake_session=${token}` } } : {}),
        };
        const lhr = await runLighthouse(`${base}${page.path}`, flags, preset.config);
        // A signed-in page that sent the browser back to /login would measure the wrong page.
        if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
          throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}`);
        }
        const measured = figuresOf(lhr);
        console.log(
          `  run ${String(run + 1)}/${String(RUNS)} ${preset.name} ${page.name}: ` +
            FIGURES.map((f) => `${f} ${String(round(measured[f]))}`).join(', ') +
            ` (benchmarkIndex ${String(Math.round(lhr.environment.benchmarkIndex))})`,
        );
        runs.set(key(preset.name, page), [...(runs.get(key(preset.name, page)) ?? []), lhr]);
      }
    }
  }

  mkdirSync(REPORTS, { recursive: true });
  const rows: BenchRow[] = [];
  for (const preset of PRESETS) {
    for (const page of PAGES) {
      const results = runs.get(key(preset.name, page))!;
      const all = results.map(figuresOf);
      const figures = Object.fromEntries(
        FIGURES.map((f) => [f, round(median(all.map((m) => m[f])))]),
      ) as Record<Figure, number>;
      const typical = [...results].sort((a, b) => figuresOf(a).perf - figuresOf(b).perf)[
        Math.floor(results.length / 2)
      ]!;
      const file = path.join(
        REPORTS,
        `${preset.name}-${page.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'root'}.json`,
      );
      writeFileSync(file, JSON.stringify(typical));
      const misses = accessibilityMisses(typical);
      const savings = opportunities(typical).slice(0, 6);
      console.log(`\n${preset.name} ${page.name} (report of the median run: ${file})`);
      console.log(
        misses.length > 0
          ? `  accessibility misses:\n${misses.map((m) => `  - ${m}`).join('\n')}`
          : '  accessibility: no miss',
      );
      console.log(
        savings.length > 0
          ? `  performance audits with an estimated saving:\n${savings.map((s) => `  - ${s}`).join('\n')}`
          : '  performance: no audit with an estimated saving',
      );
      rows.push({
        bench: 'lighthouse',
        case: `${page.name}, ${preset.name}`,
        figures: { ...figures, runs: results.length },
        goal: preset.goal,
      });
    }
  }
  return rows;
}
