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
const html = `<!doctype html><title>OpenStake</title>${'<!-- the SPA -->'.repeat(100)}`;

beforeAll(async () => {
  // A built web app as `npm run build` leaves it: hashed assets, index.html, a public file, and
  // the build's own brotli and gzip copies beside them.
  webDist = mkdtempSync(path.join(tmpdir(), 'openstake-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), html);
  writeFileSync(path.join(webDist, 'assets', 'index-a1b2c3.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'tiny-d4e5f6.js'), 'x');
  writeFileSync(path.join(webDist, 'favicon.svg'), `<svg>${'<g/>'.repeat(100)}</svg>`);
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
    for (const url of ['/', '/login', '/contributor/dashboard']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res)).toBe(html);
    }
  });

  it('the compressed copies are not files of their own', async () => {
    for (const url of ['/assets/index-a1b2c3.js.br', '/assets/index-a1b2c3.js.gz']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.status, url).toBe(404);
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
