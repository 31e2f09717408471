// The JavaScript a browser downloads for `/`, and what the contributor dashboard adds to it, as
// the real server sends it: uncompressed, with `Accept-Encoding: gzip` and with `br`. Every
// compressed answer is decoded and compared with the uncompressed file, so a figure is never
// the size of a wrong body.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freshDatabase, startApp } from './lib/app';
import { repoRoot } from './lib/processes';
import type { BenchRow } from './lib/report';
import { round } from './lib/stats';

const dist = path.join(repoRoot, 'apps/web/dist');
const GOAL = '<= 170 kB compressed JS for /';

/** Vite's build manifest (`build.manifest`): source module -> its file and what it imports. */
type Manifest = Record<
  string,
  { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

const ENCODINGS = [
  { name: 'raw', header: undefined },
  { name: 'gzip', header: 'gzip' },
  { name: 'brotli', header: 'br' },
] as const;
type EncodingName = (typeof ENCODINGS)[number]['name'];

interface Answer {
  status: number;
  encoding: string | undefined;
  body: Buffer;
}

/** A GET with node:http, which (unlike fetch) hands over the bytes as they came on the wire. */
function get(url: string, acceptEncoding: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const decode = ({ encoding, body }: Answer): Buffer =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

/** Bytes on the wire for each encoding, summed over the files; fails on a wrong or missing file. */
async function measure(base: string, files: string[]): Promise<Record<EncodingName, number>> {
  const totals = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const url = `${base}${file}`;
    const raw = await get(url, undefined);
    if (raw.status !== 200 || raw.encoding) {
      throw new Error(`GET ${file}: ${String(raw.status)} ${raw.encoding ?? ''}`);
    }
    for (const { name, header } of ENCODINGS) {
      const answer = name === 'raw' ? raw : await get(url, header);
      if (answer.status !== 200 || !decode(answer).equals(raw.body)) {
        throw new Error(`GET ${file} with ${name}: not the file (${String(answer.status)})`);
      }
      totals[name] += answer.body.length;
    }
  }
  return totals;
}

/**
 * The scripts, module preloads and stylesheets a page makes the browser fetch. A prerendered
 * page (`/`) loads apps/web/src/boot.ts, which fetches the app (`data-app`), its files
 * (`data-app-files`) and the page's own (`data-page-files`) once the page is painted: those
 * count too.
 */
function referencedFiles(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url?.startsWith('/')) continue;
    if (/^<script\b/.test(tag) || /\brel="modulepreload"/.test(tag)) js.add(url);
    else if (/\brel="stylesheet"/.test(tag)) css.add(url);
    const later = [...tag.matchAll(/\bdata-(?:app|app-files|page-files)="([^"]*)"/g)];
    for (const file of later.flatMap(([, files = '']) => files.split(' ')).filter(Boolean)) {
      js.add(file);
    }
  }
  return { js: [...js], css: [...css] };
}

/**
 * The JS files the contributor area loads on top of `/`: its lazily imported modules
 * (dynamic entries under src/routes/contributor/) and everything they import, from the manifest.
 */
function contributorFiles(manifest: Manifest, loadedByRoot: Set<string>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) return;
    const file = `/${chunk.file}`;
    if (files.has(file) || loadedByRoot.has(file)) return;
    files.add(file);
    chunk.imports?.forEach(visit);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry && key.startsWith('src/routes/contributor/')) visit(key);
  }
  return [...files];
}

function ensureBuilt(): void {
  if (existsSync(path.join(dist, 'index.html'))) return;
  console.log('apps/web/dist is missing: running npm run build...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(path.join(dist, 'index.html'))) {
    throw new Error('The web app is not built and `npm run build` failed: build it, then rerun');
  }
}

const kB = (bytes: number) => round(bytes / 1000);
const figuresOf = (files: string[], bytes: Record<EncodingName, number>) => ({
  files: files.length,
  'raw kB': kB(bytes.raw),
  'gzip kB': kB(bytes.gzip),
  'brotli kB': kB(bytes.brotli),
});

export default async function webBundle(): Promise<BenchRow[]> {
  ensureBuilt();
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
    : undefined;
  const database = await freshDatabase('pglite');
  try {
    const app = await startApp(database);
    try {
      const page = await get(`${app.base}/`, undefined);
      if (page.status !== 200) throw new Error(`GET / answered ${String(page.status)}`);
      const root = referencedFiles(page.body.toString('utf8'));
      const rows: BenchRow[] = [
        {
          bench: 'web-bundle',
          case: 'JS for /',
          figures: figuresOf(root.js, await measure(app.base, root.js)),
          goal: GOAL,
        },
        {
          bench: 'web-bundle',
          case: 'CSS for /',
          figures: figuresOf(root.css, await measure(app.base, root.css)),
          goal: 'none (reported)',
        },
      ];
      if (manifest) {
        const extra = contributorFiles(manifest, new Set(root.js));
        rows.push({
          bench: 'web-bundle',
          case: 'JS the contributor dashboard adds to /',
          figures: figuresOf(extra, await measure(app.base, extra)),
          goal: 'its own chunk, loaded only there',
        });
      } else {
        rows.push({
          bench: 'web-bundle',
          case: 'JS the contributor dashboard adds to /',
          figures: { files: 0, note: 'no build manifest: every page loads the JS of /' },
          goal: 'its own chunk, loaded only there',
        });
      }
      return rows;
    } finally {
      await app.stop();
    }
  } finally {
    await database.drop();
  }
}
