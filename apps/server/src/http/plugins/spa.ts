import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';

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
 * Serves the built web app; any GET for a page (not a file, not /api) gets index.html so the
 * client-side router can take it. Unknown API paths and other methods get a JSON 404. HEAD is
 * answered as GET would be, without the body (Node drops it), like every GET route's HEAD.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (apps/web/build/precompress.ts); a browser that accepts one of them gets it with its
 * Content-Encoding, and caches see `Vary: Accept-Encoding`.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
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
    if (!hasBuild) {
      throw new AppError('NOT_FOUND', {
        message: 'The web app is not built: run `npm run build` first',
      });
    }
    return reply.sendFile('index.html');
  });
}
