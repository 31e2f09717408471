import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { precompress } from './precompress';

describe('precompress', () => {
  it('writes brotli and gzip beside each text file, decoding to the same bytes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openstake-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const text = ${JSON.stringify('stake coins on issues '.repeat(200))};\n`;
    writeFileSync(path.join(dir, 'assets/index-a1b2.js'), script);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>OpenStake</p>'.repeat(50)}`);

    const written = await precompress(dir);

    expect(written.sort()).toEqual([
      'assets/index-a1b2.js.br',
      'assets/index-a1b2.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const read = (file: string) => readFileSync(path.join(dir, file));
    expect(brotliDecompressSync(read('assets/index-a1b2.js.br')).toString()).toBe(script);
    expect(gunzipSync(read('assets/index-a1b2.js.gz')).toString()).toBe(script);
    expect(read('assets/index-a1b2.js.br').length).toBeLessThan(script.length / 10);
  });

  it('leaves images, dot folders and files compression would not shrink alone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openstake-precompress-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify({ a: 'b'.repeat(500) }));
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(2000));
    writeFileSync(path.join(dir, 'tiny.js'), 'x');

    expect(await precompress(dir)).toEqual([]);
  });
});
