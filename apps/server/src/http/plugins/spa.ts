import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import {
  APP_CONFIG_ELEMENT_ID,
  PRERENDERED_DIR,
  RENDER_ENTRY,
  SESSION_PAGES_FILE,
  SESSION_USER_ELEMENT_ID,
  sessionPageListSchema,
  sessionUserSchema,
  type AppConfig,
  type SessionUser,
} from '@openstake/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { access } from '../access';
import type { PerServer } from '../rate-limit-store';

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

/**
 * In PRERENDERED_DIR, a page the build rendered ahead: `<name>.<variant>.html`, where `index`
 * is `/` and any other name `/<name>`.
 */
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

/** The data blocks go at the end of the head: no script element sits in the body. */
const HEAD_END = '</head>';

/**
 * A value as a JSON data block: a `<script type="application/json">` is never run, so the
 * CSP's ban on inline scripts holds. `<` is escaped so no value can close the element, and `&`
 * and `>` with it.
 */
function jsonDataElement(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** The public configuration's data block, in every page. */
const configElement = (config: AppConfig): string => jsonDataElement(APP_CONFIG_ELEMENT_ID, config);

/**
 * The page with the configuration written into its head, compressed as the build compresses
 * its files (brotli quality 11, gzip level 9; a copy that is not smaller is not kept). Once per
 * page at start: the configuration does not change while the server runs.
 */
async function preparePage(html: string, config: AppConfig, file: string): Promise<Page> {
  if (!html.includes(HEAD_END)) {
    throw new Error(`${file} has no ${HEAD_END}: it is not a build of apps/web`);
  }
  const raw = Buffer.from(html.replace(HEAD_END, () => `${configElement(config)}${HEAD_END}`));
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

/** The encoding to answer in, of those `offered`, as @fastify/static decides for built files. */
function encodingFor(request: FastifyRequest, offered: readonly Encoding[]): Encoding {
  const accepted = request.headers['accept-encoding'];
  // '*' counts as gzip.
  return ((accepted && negotiate(accepted.toLowerCase().replace(/\*/g, 'gzip'), [...offered])) ||
    'identity') as Encoding;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply {
  const encoding = encodingFor(
    request,
    ENCODINGS.filter((e) => page.bodies.has(e)),
  );
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

/** The empty root of a page, where the rendered app goes. */
const ROOT = '<div id="root"></div>';

/** A page rendered per request for its session (the contributor dashboard). */
interface SessionPage {
  path: string;
  /** Only an account of this role gets the page rendered; anyone else gets the empty page. */
  role: SessionUser['role'];
  /** The page with an empty root and the configuration in its head. */
  html: string;
}

/** What the web app's Node build exports for the server (src/app/prerender.tsx's renderPage). */
type RenderPage = (url: string, config: AppConfig, user: SessionUser) => Promise<string>;

/** The pages the build says are rendered per session, each with its HTML, or none. */
async function sessionPages(webDist: string, config: AppConfig): Promise<SessionPage[]> {
  const dir = path.join(webDist, PRERENDERED_DIR);
  const list = path.join(dir, SESSION_PAGES_FILE);
  if (!existsSync(list)) return [];
  const pages = sessionPageListSchema.parse(JSON.parse(await readFile(list, 'utf8')));
  return Promise.all(
    pages.map(async ({ path: pagePath, role, file }) => {
      const html = await readFile(path.join(dir, file), 'utf8');
      if (!html.includes(ROOT) || !html.includes(HEAD_END)) {
        throw new Error(`${file} has no empty ${ROOT} or no ${HEAD_END}: not a build of apps/web`);
      }
      return {
        path: pagePath,
        role,
        html: html.replace(HEAD_END, () => `${configElement(config)}${HEAD_END}`),
      };
    }),
  );
}

/**
 * The renderer, imported the first time a page is rendered: React and the app's code stay out
 * of a server's memory until someone opens such a page. A failed import is kept, and every
 * page then falls back to the empty one.
 */
function lazyRenderer(webDist: string): () => Promise<RenderPage> {
  let loading: Promise<RenderPage> | undefined;
  return () =>
    (loading ??= import(pathToFileURL(path.join(webDist, PRERENDERED_DIR, RENDER_ENTRY)).href).then(
      (module: { renderPage?: unknown }) => {
        if (typeof module.renderPage !== 'function') {
          throw new Error(`${RENDER_ENTRY} exports no renderPage: not a build of apps/web`);
        }
        return module.renderPage as RenderPage;
      },
    ));
}

/** A page made for one request: compressed for it (quickly: it is sent once). */
async function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
): Promise<FastifyReply> {
  const raw = Buffer.from(html);
  const encoding = encodingFor(request, ENCODINGS);
  reply
    .header('content-type', 'text/html; charset=UTF-8')
    // No ETag: the page is this session's, and registerNoStore (the route declares its access)
    // makes it `Cache-Control: no-store`.
    .header('vary', 'Accept-Encoding, Cookie');
  if (encoding === 'identity') return reply.send(raw);
  const body =
    encoding === 'br'
      ? await brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : await gzipAsync(raw);
  return reply.header('content-encoding', encoding).send(body);
}

/**
 * Declares each session page's route (public: who gets what is decided here, from the session).
 * A signed-in account of the page's role gets it rendered as the app would render it for them,
 * with their SessionUser (GET /api/user's answer) in a data block, so the app takes the HTML
 * over without asking who is signed in and without drawing it again; anyone else, or a render
 * that fails (logged), gets `shell`, the empty page every other path gets, and the app renders
 * in the browser as before.
 */
function registerSessionPages(
  app: FastifyInstance,
  pages: SessionPage[],
  shell: Page,
  config: AppConfig,
  render: () => Promise<RenderPage>,
  rendersPerMinute: number,
): void {
  // A render holds the server's thread about 4 ms, the empty page nothing: past
  // `rendersPerMinute` an account gets the empty page, which the app renders in the browser as
  // for anyone. Reloads and visits by address count; moving around inside the app asks for none.
  // It guards this server's own thread, so each server counts its own (`perServer`), in memory.
  const limit: CreateRateLimitOptions & PerServer = {
    perServer: true,
    max: rendersPerMinute,
    timeWindow: 60_000,
    keyGenerator: async (request) => `session-page:${(await request.session())?.user.id ?? ''}`,
  };
  const renders = app.createRateLimit(limit);
  for (const page of pages) {
    // A page, not part of the API: left out of the OpenAPI document (and so of the authorization
    // matrix, which covers that document; test/session-pages.test.ts covers this route for every
    // kind of principal).
    const options = { config: access('public'), schema: { hide: true } };
    app.get(page.path, options, async (request, reply) => {
      const session = await request.session();
      if (session?.user.role !== page.role) return sendPage(request, reply, shell);
      const limit = await renders(request);
      if (!limit.isAllowed && limit.isExceeded) return sendPage(request, reply, shell);
      // Exactly the fields GET /api/user answers with, whatever else the session holds.
      const user = sessionUserSchema.parse(session.user);
      let root: string;
      try {
        root = await (await render())(request.url, config, user);
      } catch (error) {
        request.log.error({ err: error, page: page.path }, 'Rendering a session page failed');
        return sendPage(request, reply, shell);
      }
      const html = page.html
        .replace(ROOT, () => `<div id="root">${root}</div>`)
        .replace(HEAD_END, () => `${jsonDataElement(SESSION_USER_ELEMENT_ID, user)}${HEAD_END}`);
      return sendRendered(request, reply, html);
    });
  }
}

/**
 * Serves the built web app; any GET for a page (not a file, not /api) gets index.html so the
 * client-side router can take it, or, for the pages the build rendered ahead (`/`, `/login`),
 * that page's HTML; the session pages (the contributor dashboard) are rendered for their
 * account per request (registerSessionPages). Every page carries the public configuration
 * (GET /api/config's answer), which the app reads before its first render. Unknown API paths
 * and other methods get a JSON 404. HEAD is answered as GET would be, without the body (Node
 * drops it), like every GET route's HEAD.
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
  sessionPageRendersPerMinute: number,
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  let shell: Page | undefined;
  let pages = new Map<string, Page>();
  if (hasBuild) {
    let forSessions: SessionPage[];
    [shell, pages, forSessions] = await Promise.all([
      readFile(indexFile, 'utf8').then((html) => preparePage(html, config, indexFile)),
      prerenderedPages(webDist, config),
      sessionPages(webDist, config),
    ]);
    registerSessionPages(
      app,
      forSessions,
      shell,
      config,
      lazyRenderer(webDist),
      sessionPageRendersPerMinute,
    );
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
