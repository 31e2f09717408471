import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Every file under the folder, paths relative to it, skipping dot folders (Vite's `.vite/`). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((file) => !file.split(path.sep).some((part) => part.startsWith('.')));
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every text file
 * of the folder, for the server to send to browsers that accept them (apps/server's spa.ts).
 * A variant that would not be smaller is not written, so the server sends the file itself.
 * Returns the files written, relative to the folder.
 */
export async function precompress(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const written = await Promise.all(
    files.map(async (file) => {
      const source = await readFile(path.join(dir, file));
      const variants = [
        {
          suffix: '.br',
          bytes: await brotli(source, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        },
        { suffix: '.gz', bytes: await gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }) },
      ].filter((variant) => variant.bytes.length < source.length);
      await Promise.all(variants.map((v) => writeFile(path.join(dir, file + v.suffix), v.bytes)));
      return variants.map((v) => file + v.suffix);
    }),
  );
  return written.flat();
}

/** Precompresses the build output once Vite has written it (public files included). */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'openstake:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
