import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../web/build/precompress';
import { listen } from './helpers/github-flow';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let base: string;
let webDist: string;

const script = `export const rules = ${JSON.stringify('stake coins on an issue. '.repeat(400))};\n`;
const html = `<!doctype html><head><title>OpenStake</title></head>${'<!-- the SPA -->'.repeat(100)}<div id="root"></div>`;
/** A page the web build rendered ahead, as apps/web/build/prerender.ts writes it. */
const prerendered = (page: string, variant: 'demo' | 'standard') =>
  `<!doctype html><head><title>OpenStake</title></head><div id="root"><h1>${page}, ${variant}</h1>${'<p>Stake coins.</p>'.repeat(50)}</div>`;

beforeAll(async () => {
  // A built web app as `npm run build` leaves it: hashed assets, index.html, a public file, and
  // the build's own brotli and gzip copies beside them.
  webDist = mkdtempSync(path.join(tmpdir(), 'openstake-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), html);
  writeFileSync(path.join(webDist, 'assets', 'index-a1b2c3.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'tiny-d4e5f6.js'), 'x');
  writeFileSync(path.join(webDist, 'favicon.svg'), `<svg>${'<g/>'.repeat(100)}</svg>`);
  mkdirSync(path.join(webDist, '.prerendered'));
  for (const page of ['index', 'login']) {
    for (const variant of ['demo', 'standard'] as const) {
      writeFileSync(
        path.join(webDist, '.prerendered', `${page}.${variant}.html`),
        prerendered(page, variant),
      );
    }
  }
  await precompress(webDist);
  app = await buildTestApp({ WEB_DIST: webDist });
  base = await listen(app);
});
afterAll(() => app.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the connection, not decoded. */
  body: Buffer;
}

/** A GET over real HTTP; node:http (unlike fetch) leaves the body as it was sent. */
const get = (url: string, headers: Record<string, string> = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });

const decoded = ({ headers, body }: Answer): string =>
  (headers['content-encoding'] === 'br'
    ? brotliDecompressSync(body)
    : headers['content-encoding'] === 'gzip'
      ? gunzipSync(body)
      : body
  ).toString();

/** The test app runs in demo mode: GitHub is the simulator started with it. */
// The test app has no chain (buildTestApp starts one only when asked), so no escrow address;
// demo mode's GitHub has the OpenStake app.
const demoConfig = () => ({
  demoMode: true,
  githubWebUrl: app.githubSim!.webUrl,
  escrowAddress: null,
  chain: null,
  githubApp: app.ctx.githubApp && {
    slug: app.ctx.githubApp.settings.slug,
    installUrl: app.ctx.githubApp.installUrl,
  },
});

/** The page as the server sends it: the configuration written in at the end of its head. */
const withConfig = (page: string, config: unknown) =>
  page.replace(
    '</head>',
    `<script type="application/json" id="openstake-config">${JSON.stringify(config)}</script></head>`,
  );

describe('built files are sent compressed to browsers that accept it', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
  ])('Accept-Encoding: %s gets %s', async (acceptEncoding, encoding) => {
    const res = await get('/assets/index-a1b2c3.js', { 'accept-encoding': acceptEncoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(decoded(res)).toBe(script);
  });

  it('a client that asks for no encoding, or one we do not have, gets the file itself', async () => {
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'zstd' },
    ];
    for (const headers of asked) {
      const res = await get('/assets/index-a1b2c3.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.toString()).toBe(script);
    }
  });

  it('a file too small to compress is sent as it is', async () => {
    const res = await get('/assets/tiny-d4e5f6.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('x');
  });

  it('every page gets index.html compressed, checked again on each visit', async () => {
    for (const url of ['/contributor/dashboard', '/signUp', '/maintainer/repo/a/b/issues?x=1']) {
      for (const [acceptEncoding, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['', undefined],
      ] as const) {
        const res = await get(url, { 'accept-encoding': acceptEncoding });
        expect(res.status, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(decoded(res)).toBe(withConfig(html, demoConfig()));
      }
    }
  });

  it('the pages rendered ahead (/ and /login) are sent in the variant of the demo mode', async () => {
    for (const [url, page] of [
      ['/', 'index'],
      ['/login', 'login'],
      ['/login?github=error', 'login'],
    ] as const) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.length).toBeLessThan(prerendered(page, 'demo').length / 5);
      expect(decoded(res)).toBe(withConfig(prerendered(page, 'demo'), demoConfig()));
    }
  });

  it('a page seen before is answered 304 while it is the same', async () => {
    const first = await get('/login', { 'accept-encoding': 'br' });
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/login', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Another encoding is another body, with its own tag.
    const plain = await get('/login', { 'if-none-match': etag });
    expect(plain.status).toBe(200);
    expect(plain.headers.etag).not.toBe(etag);
  });

  it('the pages rendered ahead are not files of their own', async () => {
    for (const url of ['/.prerendered/login.demo.html', '/.prerendered/index.standard.html']) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it('the compressed copies are not files of their own', async () => {
    for (const url of ['/assets/index-a1b2c3.js.br', '/assets/index-a1b2c3.js.gz']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.status, url).toBe(404);
    }
  });
});

describe('the public configuration is in every page', () => {
  it('as a JSON data block in the head, with what GET /api/config answers', async () => {
    const config = (await app.server.inject({ url: '/api/config' })).json<{ data: unknown }>().data;
    expect(config).toEqual(demoConfig());
    const page = decoded(await get('/contributor/dashboard'));
    const [, json] =
      /<script type="application\/json" id="openstake-config">(.*?)<\/script><\/head>/.exec(page) ??
      [];
    expect(JSON.parse(json ?? 'null')).toEqual(config);
  });

  it('outside demo mode: the configured GitHub, and the pages rendered without the banner', async () => {
    const configured = await buildTestApp({
      WEB_DIST: webDist,
      GITHUB_CLIENT_ID: 'client-id',
      GITHUB_CLIENT_SECRET: 'client-secret',
      // A value that would end the data block if it were written as it is.
      GITHUB_WEB_URL: 'https://github.example/</script><script>alert(1)</script>',
    });
    try {
      const config = (await configured.server.inject({ url: '/api/config' })).json<{
        data: { demoMode: boolean; githubWebUrl: string; escrowAddress: string | null };
      }>().data;
      expect(config).toEqual({
        demoMode: false,
        githubWebUrl: 'https://github.example/</script><script>alert(1)</script>',
        escrowAddress: null,
        chain: null,
        githubApp: null,
      });
      const escaped = (page: string) =>
        withConfig(page, config).replace(
          JSON.stringify(config),
          JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e'),
        );
      const page = await configured.server.inject({ url: '/login' });
      expect(page.body).toBe(escaped(prerendered('login', 'standard')));
      expect(page.body).not.toContain('alert(1)</script>');
      const shell = await configured.server.inject({ url: '/contributor/settings' });
      expect(shell.body).toBe(escaped(html));
    } finally {
      await configured.close();
    }
  });
});

describe('caching', () => {
  it('hashed assets are kept a year, compressed or not', async () => {
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip' },
    ];
    for (const headers of asked) {
      const res = await get('/assets/index-a1b2c3.js', headers);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('index.html asked for by name is not kept either, and the favicon an hour', async () => {
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    const favicon = await get('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(favicon.headers['content-encoding']).toBe('gzip');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    expect(decoded(favicon)).toBe(readFileSync(path.join(webDist, 'favicon.svg'), 'utf8'));
  });
});
