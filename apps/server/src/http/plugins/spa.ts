import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { APP_CONFIG_ELEMENT_ID, type AppConfig } from '@openstake/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How long a browser may keep a built file. Vite names everything under assets/ by its content's
 * hash, so a changed file is a new URL: those are kept for a year without asking again.
 * index.html names the current hashes, so it is checked on every visit; other public files
 * (the favicon) have stable names and keep an hour.
 */
function cacheControlFor(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/');
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (/^index\.html(?:\.br|\.gz)?$/.test(file)) return 'no-cache';
  return 'public, max-age=3600';
}

/** Where the web build leaves the pages it rendered ahead (apps/web/build/prerender.ts). */
const PRERENDERED_DIR = '.prerendered';
/** `<name>.<variant>.html`: `index` is `/`, any other name `/<name>`. */
const PRERENDERED_FILE = /^([a-z][a-z-]*)\.(demo|standard)\.html$/i;

/** In order of preference, as @fastify/static prefers them. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface Body {
  body: Buffer;
  etag: string;
}

/** One page as it is sent: its bytes as they are and in each encoding worth having. */
interface Page {
  identity: Body;
  bodies: Map<Encoding, Body>;
}

/** The configuration goes at the end of the head: no script element sits in the body. */
const HEAD_END = '</head>';

/**
 * The public configuration as a JSON data block: a `<script type="application/json">` is
 * never run, so the CSP's ban on inline scripts holds. `<` is escaped so no value can close the
 * element, and `&` and `>` with it.
 */
function configElement(config: AppConfig): string {
  const json = JSON.stringify(config).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${APP_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/**
 * The page with the configuration written into its head, compressed as the build compresses
 * its files (brotli quality 11, gzip level 9; a copy that is not smaller is not kept). Once per
 * page at start: the configuration does not change while the server runs.
 */
async function preparePage(html: string, config: AppConfig, file: string): Promise<Page> {
  if (!html.includes(HEAD_END)) {
    throw new Error(`${file} has no ${HEAD_END}: it is not a build of apps/web`);
  }
  const raw = Buffer.from(html.replace(HEAD_END, `${configElement(config)}${HEAD_END}`));
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
  const identity = { body: raw, etag: `"${hash}"` };
  const bodies = new Map<Encoding, Body>([['identity', identity]]);
  if (br.length < raw.length) bodies.set('br', { body: br, etag: `"${hash}-br"` });
  if (gz.length < raw.length) bodies.set('gzip', { body: gz, etag: `"${hash}-gz"` });
  return { identity, bodies };
}

/**
 * The pages the web build rendered ahead of time for this configuration, by path: the build
 * renders each twice, with and without the demo-mode banner, and the server sends the one that
 * matches, so the app's first render in the browser finds exactly that HTML to hydrate.
 */
async function prerenderedPages(webDist: string, config: AppConfig): Promise<Map<string, Page>> {
  const dir = path.join(webDist, PRERENDERED_DIR);
  const pages = new Map<string, Page>();
  if (!existsSync(dir)) return pages;
  const variant = config.demoMode ? 'demo' : 'standard';
  for (const file of await readdir(dir)) {
    const [, name, fileVariant] = PRERENDERED_FILE.exec(file) ?? [];
    if (!name || fileVariant !== variant) continue;
    const html = await readFile(path.join(dir, file), 'utf8');
    pages.set(name === 'index' ? '/' : `/${name}`, await preparePage(html, config, file));
  }
  return pages;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  // As @fastify/static decides for the built files: '*' counts as gzip.
  const offered = ENCODINGS.filter((e) => page.bodies.has(e));
  const encoding =
    (accepted && negotiate(accepted.toLowerCase().replace(/\*/g, 'gzip'), offered)) || 'identity';
  const { body, etag } = page.bodies.get(encoding) ?? page.identity;
  reply
    .header('content-type', 'text/html; charset=UTF-8')
    .header('vary', 'Accept-Encoding')
    .header('cache-control', 'no-cache')
    .header('etag', etag);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const known = request.headers['if-none-match'];
  if (known?.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.send(body);
}

/**
 * Serves the built web app; any GET for a page (not a file, not /api) gets index.html so the
 * client-side router can take it, or, for the pages the build rendered ahead (`/`, `/login`),
 * that page's HTML. Every page carries the public configuration (GET /api/config's answer), which
 * the app reads before its first render. Unknown API paths and other methods get a JSON 404.
 * HEAD is answered as GET would be, without the body (Node drops it), like every GET route's HEAD.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (apps/web/build/precompress.ts); a browser that accepts one of them gets it with its
 * Content-Encoding, and caches see `Vary: Accept-Encoding`. The pages, which differ by the
 * configuration, are compressed the same way once at start and kept in memory.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  config: AppConfig,
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  let shell: Page | undefined;
  let pages = new Map<string, Page>();
  if (hasBuild) {
    [shell, pages] = await Promise.all([
      readFile(indexFile, 'utf8').then((html) => preparePage(html, config, indexFile)),
      prerenderedPages(webDist, config),
    ]);
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are sent in place of their file, never as files of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('vary', 'Accept-Encoding');
        res.setHeader('cache-control', cacheControlFor(path.relative(webDist, filePath)));
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const isPage = method === 'GET' && !pathname.startsWith('/api') && !path.extname(pathname);
    if (!isPage) throw new AppError('NOT_FOUND', { message: `No route for ${method} ${pathname}` });
    if (!shell) {
      throw new AppError('NOT_FOUND', {
        message: 'The web app is not built: run `npm run build` first',
      });
    }
    return sendPage(request, reply, pages.get(pathname) ?? shell);
  });
}
